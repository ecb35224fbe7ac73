/**
 * What storage and the record reader found wrong, in the player's language. Storage and the core hold no
 * words for the screen: they return a problem kind with its data (StorageProblem, RecordParseProblem) and
 * these functions word it. Texts quoted from a file are cleaned and cut short (forMessage) first.
 */
import type { RecordParseProblem } from '../../core';
import { type RecordProblemWhy, type StorageError, type StorageProblem, forMessage } from '../../storage';
import { colourName, illegalMoveWords, movePlace } from './game-words';
import * as m from './paraglide/messages.js';

/** A record's fault in words: "Illegal move M13 at move 39: The game is over." */
export function recordParseProblemText(why: RecordParseProblem): string {
  switch (why.kind) {
    case 'unknown-game':
      return m.shared_record_unknown_game({ game: forMessage(why.game, 40) });
    case 'bad-board-size':
      return m.shared_record_bad_board_size({ size: forMessage(why.size, 20) });
    case 'bad-tournament-rule':
      return m.shared_record_bad_tournament_rule({ value: forMessage(why.value, 20) });
    case 'malformed-header':
      return m.shared_record_malformed_header({ text: forMessage(why.text, 80) });
    case 'after-result':
      return m.shared_record_after_result({ token: forMessage(why.token, 40), result: why.result });
    case 'misplaced-move-number':
      return why.expected === null
        ? m.shared_record_move_number_for_move({ number: why.number })
        : m.shared_record_move_number_expected({ number: why.number, expected: why.expected });
    case 'malformed-move':
      return m.shared_record_malformed_move({
        token: forMessage(why.token, 40),
        ...movePlace(why.ply),
        size: why.size,
      });
    case 'illegal-move':
      return m.shared_record_illegal_move({
        move: why.move,
        ...movePlace(why.ply),
        why: illegalMoveWords(why, { point: why.move, centre: why.centre }),
      });
    case 'result-contradicted':
      return m.shared_record_result_contradicted({ result: why.result, winner: colourName(why.winner) });
  }
}

/** Why one record of a file was left out of an import. */
export function recordProblemWhyText(why: RecordProblemWhy): string {
  switch (why.kind) {
    case 'no-moves':
      return m.shared_storage_record_no_moves();
    case 'not-savable':
      return m.shared_storage_not_savable_game({ detail: why.detail });
    case 'too-long':
      return m.shared_storage_record_too_long();
    default:
      return recordParseProblemText(why);
  }
}

function missingText(thing: Extract<StorageProblem, { kind: 'missing' }>['thing']): string {
  switch (thing) {
    case 'game':
      return m.shared_storage_missing_game();
    case 'record':
      return m.shared_storage_missing_record();
    case 'player':
      return m.shared_storage_missing_player();
    case 'unsaved-copy':
      return m.shared_storage_missing_unsaved_copy();
    case 'book':
      return m.shared_storage_missing_book();
    default:
      return m.shared_storage_missing_other();
  }
}

function unreadableText({ thing, detail }: Extract<StorageProblem, { kind: 'unreadable' }>): string {
  switch (thing) {
    case 'game':
      return m.shared_storage_unreadable_game({ detail });
    case 'player':
      return m.shared_storage_unreadable_player({ detail });
    case 'book':
      return m.shared_storage_unreadable_book({ detail });
    case 'online-keys':
      return m.shared_storage_unreadable_online_keys({ detail });
    default:
      return m.shared_storage_unreadable_other({ detail });
  }
}

function notSavableText({ thing, detail }: Extract<StorageProblem, { kind: 'not-savable' }>): string {
  switch (thing) {
    case 'game':
      return m.shared_storage_not_savable_game({ detail });
    case 'player':
      return m.shared_storage_not_savable_player({ detail });
    case 'settings':
      return m.shared_storage_not_savable_settings({ detail });
    default:
      return m.shared_storage_not_savable_other({ detail });
  }
}

/** A storage problem as one sentence (or two) the player can act on. */
export function storageProblemText(problem: StorageProblem): string {
  switch (problem.kind) {
    case 'no-space':
      return m.shared_storage_no_space();
    case 'no-storage':
      return m.shared_storage_no_storage();
    case 'storage-refused':
      return m.shared_storage_refused({ detail: problem.detail });
    case 'database-closed':
      return m.shared_storage_database_closed();
    case 'database-newer':
      return m.shared_storage_database_newer();
    case 'upgrade-blocked':
      return m.shared_storage_upgrade_blocked();
    case 'upgrade-failed':
      return m.shared_storage_upgrade_failed({ version: problem.version, detail: problem.detail });
    case 'already-stored':
      return m.shared_storage_already_stored();
    case 'changed-elsewhere':
      return m.shared_storage_changed_elsewhere();
    case 'missing':
      return missingText(problem.thing);
    case 'unreadable':
      return unreadableText(problem);
    case 'unreadable-listed':
      return m.shared_storage_unreadable_listed({ detail: problem.detail });
    case 'not-savable':
      return notSavableText(problem);
    case 'no-such-setting':
      return m.shared_storage_no_such_setting({ name: problem.name });
    case 'bad-setting':
      return m.shared_storage_bad_setting({ name: problem.name });
    case 'name-empty':
      return m.shared_storage_name_empty();
    case 'name-too-long':
      return m.shared_storage_name_too_long({ max: problem.max });
    case 'name-taken':
      return problem.computer
        ? m.shared_storage_name_taken_computer({ name: problem.name })
        : m.shared_storage_name_taken({ name: problem.name });
    case 'name-held-by-damaged':
      return m.shared_storage_name_held_by_damaged({ name: problem.name });
    case 'file-empty':
      return m.shared_storage_file_empty();
    case 'file-not-text':
      return m.shared_storage_file_not_text();
    case 'file-too-big':
      return problem.gzip
        ? m.shared_storage_file_too_big_gzip({ mb: problem.mb })
        : m.shared_storage_file_too_big({ mb: problem.mb });
    case 'gzip-damaged':
      return m.shared_storage_gzip_damaged();
    case 'file-unreadable':
      return m.shared_storage_file_unreadable({ detail: problem.detail });
    case 'not-json':
      return m.shared_storage_not_json({ detail: problem.detail });
    case 'not-export-file':
      return m.shared_storage_not_export_file();
    case 'export-part-bad':
      return m.shared_storage_export_part_bad({ part: problem.part });
    case 'export-newer':
      return m.shared_storage_export_newer({ version: problem.version });
    case 'record-unreadable':
      return m.shared_storage_record_unreadable({ line: problem.line, why: recordParseProblemText(problem.why) });
    case 'record-no-moves':
      return m.shared_storage_record_no_moves();
    case 'no-records':
      return m.shared_storage_no_records();
    case 'move-off-board':
      return m.shared_storage_move_off_board({ ...movePlace(problem.ply), move: problem.move, size: problem.size });
    case 'move-illegal':
      return m.shared_storage_move_illegal({
        ...movePlace(problem.ply),
        move: problem.move,
        why: illegalMoveWords(problem, { point: problem.move, centre: problem.centre }),
      });
    case 'result-mismatch':
      return m.shared_storage_result_mismatch({ winner: colourName(problem.winner) });
    case 'failed':
      return m.shared_storage_failed({ detail: problem.detail });
  }
}

/** What a failed storage call tells the player. */
export const storageErrorText = (error: Pick<StorageError, 'problem'>): string => storageProblemText(error.problem);
