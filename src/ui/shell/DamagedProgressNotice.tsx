/**
 * The parts of the player's stored progress that could not be read (storage/progress.ts), named, with the
 * rest said to be kept, and Export raw (a file of them as stored) and Delete (after a confirm).
 */
import { type DamagedEntry, type DamagedEntryKind, damagedEntriesText } from '../../storage';
import { locale } from '../words/locale';
import * as m from '../words/paraglide/messages.js';
import { notifyProblem } from './app-state';
import { confirmDialog } from './dialog';
import { download } from './download';

/** Each kind of damaged entry counted in words: "1 puzzle history entry", "2 lesson progress entries". */
const KIND_WORDS: Readonly<Record<DamagedEntryKind, (inputs: { count: number }) => string>> = {
  'puzzle-progress': m.shell_damaged_puzzle_progress,
  'puzzle-field': m.shell_damaged_puzzle_field,
  'puzzle-history': m.shell_damaged_puzzle_history,
  'puzzle-rating': m.shell_damaged_puzzle_rating,
  lesson: m.shell_damaged_lesson,
};

/** "1 puzzle history entry and 2 lesson progress entries" in the current language (null for none). */
export function damagedEntriesWords(entries: readonly DamagedEntry[]): string | null {
  if (entries.length === 0) return null;
  const counts = new Map<DamagedEntryKind, number>();
  for (const e of entries) counts.set(e.kind, (counts.get(e.kind) ?? 0) + 1);
  const parts = [...counts].map(([kind, count]) => KIND_WORDS[kind]({ count }));
  // British English joins the last two with a plain "and", as the rest of the app writes English.
  return new Intl.ListFormat(locale.value === 'en' ? 'en-GB' : locale.value, { type: 'conjunction' }).format(parts);
}

export function DamagedProgressNotice({
  entries,
  fileName,
  onDelete,
}: {
  entries: readonly DamagedEntry[];
  /** The Export raw file's name. */
  fileName: string;
  /** Deletes the entries; resolves to why not, or null. */
  onDelete: () => Promise<string | null>;
}) {
  const words = damagedEntriesWords(entries);
  if (!words) return null;
  const remove = async () => {
    const confirmed = await confirmDialog({
      title: m.shell_damaged_delete_title(),
      body: m.shell_damaged_delete_body({ what: words }),
      confirm: m.shell_delete(),
      cancel: m.shell_keep_it(),
      destructive: true,
    });
    if (!confirmed) return;
    const problem = await onDelete();
    if (problem) notifyProblem(problem);
  };
  return (
    <div class="notice damaged-progress" role="status">
      <p>{m.shell_damaged_skipped({ what: words, count: entries.length })}</p>
      <div class="row-actions">
        <button type="button" onClick={() => download(fileName, damagedEntriesText(entries), 'application/json')}>
          {m.shell_export_raw()}
        </button>
        <button type="button" onClick={() => void remove()}>
          {m.shell_delete()}
        </button>
      </div>
    </div>
  );
}
