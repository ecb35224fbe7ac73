/**
 * Friend games' copies beyond the merge rule (issue 30, item 6), apart from core/friend.ts so the first
 * screen (which reads friend.ts for "Your turn") never carries them: which links carry the sender's key,
 * and two copies that diverged.
 */
import { type Player, opponent } from './board';
import { type GameMoves, compareCopies } from './friend';
import { type GameSteps, actionRank, actionsOf, actorsOf, stepsOfActions } from './game-actions';

/**
 * Whether a link this device sends should carry its key (and its relay hints): while the other side may not
 * have pinned it. They pin it from the first signed link of ours they open, and they can only have answered
 * an action of ours after opening a link that holds it: so a device carries its key until the game holds an
 * action of the other side's after its own first action (who took each is core's actorsOf: D-Pente's player
 * 1 places four stones, Connect6's turns are two), or while it has pinned no key for the other side at all
 * (a game begun by unsigned links, whose other side may have pinned nothing either).
 */
export function linkCarriesKey(game: GameSteps, mySide: Player, hasPeer: boolean): boolean {
  if (!hasPeer) return true;
  const actors = actorsOf(game);
  const myFirst = actors.indexOf(mySide);
  return myFirst < 0 || !actors.slice(myFirst + 1).includes(opponent(mySide));
}

// ── Copies that diverged (issue 30, item 6) ─────────────────────────────────────────────────────────────

/**
 * Where two copies of one game part: the first move (or ending) they disagree on, and both lines. Two
 * copies diverge when one invitation was opened on two devices, when two links crossed, or when a copy was
 * changed by hand; the merge rule refuses such a link (a conflict) and, rather than a dead end, the
 * players are shown where the lines part and choose (resolveDivergence).
 */
export interface Divergence {
  /** The number of the first move that differs (1 is the first move); past the shorter line's last move, the ending differs or one line played on after the other ended. */
  readonly firstDifference: number;
  /** The moves both lines share (firstDifference - 1). */
  readonly common: number;
  readonly mine: GameMoves;
  readonly theirs: GameMoves;
  /**
   * Which line keeps the game's id if both are kept, the same on both devices whoever asks: the line with
   * the lower point at the first difference (a line that has no move there, the shorter, is lower; at an
   * equal point, the line without an ending).
   */
  readonly keepsId: 'mine' | 'theirs';
}

/** Where `mine` and `theirs` diverge, or null when they do not (the same game, or one a later copy of the other). */
export function divergence(mine: GameMoves, theirs: GameMoves): Divergence | null {
  const comparison = compareCopies(mine, theirs);
  if (comparison.kind !== 'conflict') return null;
  const at = comparison.firstDifference - 1;
  const rank = (game: GameMoves) => [actionRank(actionsOf(game)[at]), game.result ? 1 : 0] as const;
  const [m, t] = [rank(mine), rank(theirs)];
  const mineLower = m[0] !== t[0] ? m[0] < t[0] : m[1] <= t[1];
  return {
    firstDifference: comparison.firstDifference,
    common: at,
    mine,
    theirs,
    keepsId: mineLower ? 'mine' : 'theirs',
  };
}

/** How the players bring two diverged copies together. */
export type DivergenceChoice =
  /** This copy takes the other line: its moves from the first difference on are replaced. */
  | 'take-theirs'
  /** Both lines go on as separate games: the one that does not keep the id gets a new one. */
  | 'keep-both';

/** What to store for a choice: this copy's game after it, and for 'keep-both' the other line as a new game. */
export interface DivergenceResolution {
  /** This copy's game, under its id (whichever line it now holds). */
  readonly copy: GameMoves;
  /** For 'keep-both': the line that leaves the id, as a separate game under `gameId`. */
  readonly split: { readonly game: GameMoves; readonly gameId: string } | null;
}

/**
 * The games a choice makes. `newGameId` names the line that leaves the id ('keep-both'): the caller
 * derives it from the game id and that line (the net layer's splitGameId), so both devices name the new
 * game alike and their copies still meet.
 */
export function resolveDivergence(d: Divergence, choice: DivergenceChoice, newGameId: string): DivergenceResolution {
  const line = (g: GameMoves): GameMoves => ({
    rules: g.rules,
    moves: g.moves,
    ...(g.seatChoice ? { seatChoice: g.seatChoice } : {}),
    ...(g.swap2Pass ? { swap2Pass: true } : {}),
    result: g.result,
  });
  if (choice === 'take-theirs') return { copy: line(d.theirs), split: null };
  const [stays, leaves] = d.keepsId === 'mine' ? [d.mine, d.theirs] : [d.theirs, d.mine];
  return { copy: line(stays), split: { game: line(leaves), gameId: newGameId } };
}

/**
 * A line as far as it goes at the parting: the moves both lines share and its own move there (or, where it
 * has none, its ending). What names the line that leaves (splitGameId): the same on both devices however
 * far each has played the line on, so a later link of that line still finds its game.
 */
export function partingOf(line: GameMoves, firstDifference: number): GameMoves {
  const actions = actionsOf(line).slice(0, firstDifference);
  const steps = stepsOfActions(actions);
  const opening = {
    ...(steps.seatChoice ? { seatChoice: steps.seatChoice } : {}),
    ...(steps.swap2Pass ? { swap2Pass: true } : {}),
  };
  const result = actions.length < firstDifference ? line.result : null;
  return { rules: line.rules, moves: steps.moves, ...opening, result };
}
