/**
 * What an import says when it is done: one sentence of counts, then each record or entry that could not be
 * imported, named so the player can find it ("Game 3 (line 41): …"), and which tab of the games list holds
 * what was added. Pure functions of the storage reports.
 */
import { type ImportReport, type RecordImportReport, type Shelf, recordProblemText } from '../../storage';
import { count, plural } from '../words/plural';

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

const alreadyHere = (n: number): string =>
  `${n.toLocaleString('en')} ${plural(n, 'was', 'were')} already in your games`;

/** Games a file holds more than once: not "already in your games", which an empty library has none of. */
const repeatedInFile = (n: number): string =>
  `${count(n, 'game')} appeared more than once and ${plural(n, 'was', 'were')} imported once`;

const UNDECODABLE_WORDS = 'held bytes that are not UTF-8 text, shown as \ufffd';

/** A text of pente.org records: "Imported 3 games; 1 was already in your games; 1 record could not be read." */
export function recordImportOutcome(report: RecordImportReport): ImportOutcome {
  const added = report.added.length;
  const bad = report.problems.length;
  const parts = [added > 0 ? `Imported ${count(added, 'game')}` : 'No game imported'];
  if (report.duplicates > 0) parts.push(alreadyHere(report.duplicates));
  if (report.repeated > 0) parts.push(repeatedInFile(report.repeated));
  if (bad > 0) parts.push(`${count(bad, 'record')} could not be read`);
  return {
    summary: `${parts.join('; ')}.`,
    problems: [
      ...report.problems.map(recordProblemText),
      ...report.undecodable.map(
        ({ game, line, field }) => `Game ${game} (line ${line}): ${field} ${UNDECODABLE_WORDS}.`,
      ),
    ],
    added: added > 0,
    shelf: added > 0 ? 'imported' : null,
  };
}

const ENTRY_WORDS = { game: 'Game', player: 'Player', setting: 'Setting', progress: 'Progress' } as const;

/** A backup (our JSON export): games and players added, games already here, entries rejected. */
export function backupImportOutcome(report: ImportReport): ImportOutcome {
  const games = report.gamesAdded.length + report.gamesRenamed.length;
  const players = report.playersAdded.length;
  const duplicates = report.gamesDuplicate.length;
  const bad = report.rejected.length;
  const added = [
    games > 0 && count(games, 'game'),
    players > 0 && count(players, 'player'),
    report.lessonsAdded > 0 && count(report.lessonsAdded, 'finished lesson'),
    report.puzzleAnswersAdded > 0 && count(report.puzzleAnswersAdded, 'puzzle answer'),
  ].filter(Boolean);
  const listed = added.length > 1 ? `${added.slice(0, -1).join(', ')} and ${added.at(-1)}` : added[0];
  const parts = [listed ? `Imported ${listed}` : 'No game or player imported'];
  const updated = report.gamesUpdated.length;
  if (updated > 0) parts.push(`${count(updated, 'game')} ${plural(updated, 'was', 'were')} brought up to date`);
  if (duplicates > 0)
    parts.push(`${count(duplicates, 'game')} ${plural(duplicates, 'was', 'were')} already in your games`);
  if (report.gamesRepeated.length > 0) parts.push(repeatedInFile(report.gamesRepeated.length));
  const kept = report.gamesKept.length;
  if (kept > 0) {
    parts.push(`${count(kept, 'friend game')} differed from yours: yours ${plural(kept, 'was', 'were')} kept`);
  }
  if (bad > 0) parts.push(`${count(bad, 'entry', 'entries')} could not be read`);
  if (report.damagedInFile > 0) {
    parts.push(
      `${count(report.damagedInFile, 'damaged record')} in the file ${plural(report.damagedInFile, 'was', 'were')} left out`,
    );
  }
  // The tab that holds most of the games added.
  const shelves = Object.entries(report.gamesByShelf) as [Shelf, number][];
  const [shelf, most] = shelves.reduce((best, next) => (next[1] > best[1] ? next : best));
  return {
    summary: `${parts.join('; ')}.`,
    problems: [
      ...report.rejected.map((r) => `${ENTRY_WORDS[r.what]} ${r.id}: ${r.reason}`),
      ...report.gamesKept.map((k) => `Game ${k.id}: ${k.reason}`),
      ...report.undecodable.map((u) => `${ENTRY_WORDS[u.what]} ${u.id}: ${u.field} ${UNDECODABLE_WORDS}`),
    ],
    added: games + players + updated + report.lessonsAdded + report.puzzleAnswersAdded > 0,
    shelf: most > 0 ? shelf : null,
  };
}
