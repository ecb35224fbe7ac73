/** The Games screen's downloads: the whole library, and a damaged record as it was stored. */
import { type DamagedSummary, exportFile, getRawGame, rawRecordText } from '../../storage';
import { db, notify, notifyProblem } from '../shell/app-state';
import { download, downloadFile, fileSafe } from '../shell/download';
import * as m from '../words/paraglide/messages.js';
import { storageErrorText } from '../words/storage-words';

/** A damaged record, raw, so nothing of it is lost (it can be mended by hand and imported). */
export async function exportRaw(damaged: DamagedSummary): Promise<void> {
  const d = db.value;
  if (!d) return;
  const r = await getRawGame(d, damaged.id);
  if (!r.ok) return notifyProblem(storageErrorText(r.error));
  download(
    `pente-damaged-${fileSafe(String(damaged.id))}.json`,
    rawRecordText(damaged.id, damaged.reason, r.value),
    'application/json',
  );
}

/** Everything stored, as one file of ours; says how many damaged records it holds as they were. */
export async function exportEverything(): Promise<void> {
  const d = db.value;
  if (!d) return;
  // Made by storage's own worker (exportFile): the page only receives the file, however big the library.
  const r = await exportFile(d);
  if (!r.ok) return notifyProblem(storageErrorText(r.error));
  downloadFile(`pente-${new Date().toISOString().slice(0, 10)}.json`, r.value.blob);
  if (r.value.damaged > 0) notify(m.games_export_damaged_included({ count: r.value.damaged }));
}
