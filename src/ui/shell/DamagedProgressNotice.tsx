/**
 * The parts of the player's stored progress that could not be read (storage/progress.ts), named, with the
 * rest said to be kept, and Export raw (a file of them as stored) and Delete (after a confirm).
 */
import { type DamagedEntry, damagedEntriesText, describeDamagedEntries } from '../../storage';
import { notify } from './app-state';
import { confirmDialog } from './dialog';
import { download } from './download';

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
  const words = describeDamagedEntries(entries);
  if (!words) return null;
  const remove = async () => {
    const confirmed = await confirmDialog({
      title: 'Delete the unreadable progress?',
      body: `${words}: export it first to keep it. The rest of your progress stays.`,
      confirm: 'Delete',
      cancel: 'Keep it',
      destructive: true,
    });
    if (!confirmed) return;
    const problem = await onDelete();
    if (problem) notify(problem);
  };
  return (
    <div class="notice damaged-progress" role="status">
      <p>
        {words} could not be read and {entries.length === 1 ? 'was' : 'were'} skipped; the rest of your progress is
        kept.
      </p>
      <div class="row-actions">
        <button type="button" onClick={() => download(fileName, damagedEntriesText(entries), 'application/json')}>
          Export raw
        </button>
        <button type="button" onClick={() => void remove()}>
          Delete
        </button>
      </div>
    </div>
  );
}
