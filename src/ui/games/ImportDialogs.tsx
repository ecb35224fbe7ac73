/** The Games screen's import dialogs: pasting a record as text, and the report of the last import. */
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { importRecords } from '../../storage';
import { db } from '../shell/app-state';
import { type ImportOutcome, recordImportOutcome } from './import-report';
import * as m from '../words/paraglide/messages.js';
import './games.css';
import { storageErrorText } from '../words/storage-words';

/** Problems listed under an import's summary; the rest are counted. */
const PROBLEMS_SHOWN = 20;

/** The paste box's example: a pente.org record, whose headers and moves are the same in every language. */
const RECORD_EXAMPLE = '[Game "Pente"]\n\n1. K10 L9 2. …';

/**
 * pente.org records pasted as text (from a message, a web page), imported through storage like a file. A
 * record that cannot be read keeps the dialog open with the text and the reasons, so nothing is lost; the
 * games that could be read are imported (and recognised as already there if the player tries again).
 */
export function PasteRecordDialog({
  onImported,
  onClose,
}: {
  onImported: (outcome: ImportOutcome) => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  useLayoutEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);
  const close = () => {
    ref.current?.close();
    onClose();
  };
  const importText = async () => {
    const d = db.value;
    if (!d) return setProblem(m.games_paste_unavailable());
    setBusy(true);
    const r = await importRecords(d, text);
    setBusy(false);
    if (!r.ok) return setProblem(m.games_not_imported({ reason: storageErrorText(r.error) }));
    const outcome = recordImportOutcome(r.value);
    const problems = outcome.problems.join(m.games_paste_problem_joiner());
    if (outcome.problems.length === 0) close();
    else if (!outcome.added && r.value.duplicates === 0) setProblem(m.games_not_imported({ reason: problems }));
    else setProblem(m.games_paste_problems({ summary: outcome.summary, problems }));
    onImported(outcome);
  };
  // Reading the clipboard needs the browser's permission; where it is refused, the player pastes by hand.
  const readClipboard = async () => {
    try {
      setText(await navigator.clipboard.readText());
      setProblem('');
    } catch {
      setProblem(m.games_clipboard_refused());
    }
  };
  return (
    <dialog
      ref={ref}
      class="paste-dialog"
      aria-labelledby="paste-title"
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
    >
      <h2 id="paste-title">{m.games_paste_record()}</h2>
      <textarea
        rows={8}
        aria-label={m.games_paste_field_label()}
        placeholder={RECORD_EXAMPLE}
        value={text}
        onInput={(e) => {
          setText(e.currentTarget.value);
          setProblem('');
        }}
      />
      {problem && (
        <p class="problem" role="alert">
          {problem}
        </p>
      )}
      <div class="dialog-buttons">
        {typeof navigator.clipboard?.readText === 'function' && (
          <button type="button" onClick={() => void readClipboard()}>
            {m.games_paste_from_clipboard()}
          </button>
        )}
        <button type="button" onClick={close}>
          {m.games_cancel()}
        </button>
        <button type="button" class="primary" disabled={busy || text.trim() === ''} onClick={() => void importText()}>
          {m.games_import()}
        </button>
      </div>
    </dialog>
  );
}

/** What the last import did, until the player closes it or imports again. */
export function ImportSummary({ outcome, onClose }: { outcome: ImportOutcome; onClose: () => void }) {
  const { summary, problems } = outcome;
  return (
    <section class="import-report" aria-label={m.games_import_report_label()} role="status">
      <p>{summary}</p>
      {problems.length > 0 && (
        <ul>
          {problems.slice(0, PROBLEMS_SHOWN).map((p, i) => (
            <li key={i}>{p}</li>
          ))}
          {problems.length > PROBLEMS_SHOWN && (
            <li>{m.games_import_more_problems({ count: problems.length - PROBLEMS_SHOWN })}</li>
          )}
        </ul>
      )}
      <button type="button" onClick={onClose}>
        {m.games_close()}
      </button>
    </section>
  );
}
