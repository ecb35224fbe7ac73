/**
 * What an import says when it is done: one sentence of counts, then each record or entry that could not be
 * imported, named so the player can find it ("Game 3 (line 41): …"), and which tab of the games list holds
 * what was added. Pure functions of the storage reports.
 */
import type { ImportReport, NameField, RecordImportReport, Shelf } from '../../storage';
import { locale } from '../words/locale';
import * as m from '../words/paraglide/messages.js';
import { recordProblemWhyText } from '../words/storage-words';

export interface ImportOutcome {
  /** The counts, as a sentence. */
  readonly summary: string;
  /** Each record or entry that could not be imported, and why. */
  readonly problems: readonly string[];
  /** Whether anything was added. */
  readonly added: boolean;
  /** The tab of the games list that holds what was added (null when nothing was). */
  readonly shelf: Shelf | null;
}

/** Which name held bytes that are not UTF-8: "Black's name". */
const nameFieldText = (field: NameField): string =>
  field === 'player-1-name'
    ? m.games_import_field_black_name()
    : field === 'player-2-name'
      ? m.games_import_field_white_name()
      : m.games_import_field_name();

/** The counts joined into one sentence: "Imported 3 games; 1 was already in your games." */
const sentence = (parts: readonly string[]): string =>
  m.games_import_sentence({ text: parts.join(m.games_import_joiner()) });

/** A text of pente.org records: "Imported 3 games; 1 was already in your games; 1 record could not be read." */
export function recordImportOutcome(report: RecordImportReport): ImportOutcome {
  const added = report.added.length;
  const bad = report.problems.length;
  const parts = [
    added > 0
      ? m.games_import_imported({ list: m.games_import_count_games({ count: added }) })
      : m.games_import_none_records(),
  ];
  if (report.duplicates > 0) parts.push(m.games_import_already_here({ count: report.duplicates }));
  if (report.repeated > 0) parts.push(m.games_import_repeated_in_file({ count: report.repeated }));
  if (bad > 0) parts.push(m.games_import_records_unreadable({ count: bad }));
  return {
    summary: sentence(parts),
    problems: [
      ...report.problems.map(({ game, line, why }) =>
        m.games_import_record_problem({ game: String(game), line: String(line), reason: recordProblemWhyText(why) }),
      ),
      ...report.undecodable.map(({ game, line, field }) =>
        m.games_import_record_problem({
          game: String(game),
          line: String(line),
          reason: m.games_import_undecodable({ field: nameFieldText(field) }),
        }),
      ),
    ],
    added: added > 0,
    shelf: added > 0 ? 'imported' : null,
  };
}

const REJECTED_WORDS = {
  game: m.games_import_rejected_game,
  player: m.games_import_rejected_player,
  setting: m.games_import_rejected_setting,
  progress: m.games_import_rejected_progress,
} as const;

/**
 * A list the locale's way: "a, b and c" / "a, b und c" / "a、b和c". English is written the British way
 * (no comma before "and"), as the rest of the app.
 */
const listed = (items: readonly string[]): string =>
  new Intl.ListFormat(locale.value === 'en' ? 'en-GB' : locale.value, { type: 'conjunction' }).format(items);

/** A backup (our JSON export): games and players added, games already here, entries rejected. */
export function backupImportOutcome(report: ImportReport): ImportOutcome {
  const games = report.gamesAdded.length + report.gamesRenamed.length;
  const players = report.playersAdded.length;
  const duplicates = report.gamesDuplicate.length;
  const bad = report.rejected.length;
  const added = [
    games > 0 ? m.games_import_count_games({ count: games }) : '',
    players > 0 ? m.games_import_count_players({ count: players }) : '',
    report.lessonsAdded > 0 ? m.games_import_count_lessons({ count: report.lessonsAdded }) : '',
    report.puzzleAnswersAdded > 0 ? m.games_import_count_puzzle_answers({ count: report.puzzleAnswersAdded }) : '',
    report.ratingGamesAdded > 0 ? m.games_import_count_rated_games({ count: report.ratingGamesAdded }) : '',
  ].filter(Boolean);
  const parts = [added.length > 0 ? m.games_import_imported({ list: listed(added) }) : m.games_import_none_backup()];
  const updated = report.gamesUpdated.length;
  if (updated > 0) parts.push(m.games_import_brought_up_to_date({ count: updated }));
  if (duplicates > 0) parts.push(m.games_import_games_already_here({ count: duplicates }));
  if (report.gamesRepeated.length > 0)
    parts.push(m.games_import_repeated_in_file({ count: report.gamesRepeated.length }));
  if (report.gamesKept.length > 0) parts.push(m.games_import_friend_kept({ count: report.gamesKept.length }));
  if (bad > 0) parts.push(m.games_import_entries_unreadable({ count: bad }));
  if (report.damagedInFile > 0) parts.push(m.games_import_damaged_left_out({ count: report.damagedInFile }));
  // The tab that holds most of the games added.
  const shelves = Object.entries(report.gamesByShelf) as [Shelf, number][];
  const [shelf, most] = shelves.reduce((best, next) => (next[1] > best[1] ? next : best));
  return {
    summary: sentence(parts),
    problems: [
      ...report.rejected.map((r) => REJECTED_WORDS[r.what]({ id: r.id, reason: r.reason })),
      ...report.gamesKept.map((k) => m.games_import_rejected_game({ id: k.id, reason: k.reason })),
      ...report.undecodable.map((u) =>
        REJECTED_WORDS[u.what]({ id: u.id, reason: m.games_import_undecodable({ field: nameFieldText(u.field) }) }),
      ),
    ],
    added: games + players + updated + report.lessonsAdded + report.puzzleAnswersAdded + report.ratingGamesAdded > 0,
    shelf: most > 0 ? shelf : null,
  };
}
