/**
 * Correspondence games by link: each device keeps its own copy of a game, and every move travels as a
 * link carrying the whole game (link.ts). These are the pure rules for what a friend link arriving means,
 * so two copies stay in step without a server: a link that adds the other side's moves updates the copy,
 * the same or an older link changes nothing, a link that rewrites a move already played (or plays for
 * this device's side) is refused, and a device with no copy joins only an invitation (the receiving side
 * has not moved yet); any other game is someone else's, shown but not joined.
 */
import { type Player, type Point, opponent } from './board';
import type { GameResult } from './game';
import type { OpenedLink } from './link';
import type { Result } from './result';
import type { Rules } from './variants';

/** A game as the merge rule compares it: its rules, moves and result. */
export interface GameMoves {
  readonly rules: Rules;
  readonly moves: readonly Point[];
  readonly result: GameResult | null;
}

/** This device's copy of a friend game, as the merge rule needs it. */
export interface FriendCopy extends GameMoves {
  /** The side this device plays. */
  readonly mySide: Player;
}

/** What a friend link means for a stored copy of its game. */
export type LinkMerge =
  /** It adds the other side's moves (`added`, 0 when it adds only their resignation): store it. */
  | { readonly kind: 'extend'; readonly added: number }
  /** It holds exactly what the copy holds. */
  | { readonly kind: 'same' }
  /** The copy is ahead of it (`behind` moves, 0 when only the copy's ending is newer). */
  | { readonly kind: 'older'; readonly behind: number }
  /**
   * It changes what the copy holds: `firstDifference` is the number of the first move that differs (1 is
   * the first move); past the shorter game's last move, it is the ending that differs (or a move played
   * after the copy's game had ended).
   */
  | { readonly kind: 'conflict'; readonly firstDifference: number }
  /** The same game id with other rules: not this game. */
  | { readonly kind: 'different-rules' }
  /** It plays a move for this device's side (`ply`, from 1), or ends the game for it (`ply` null). */
  | { readonly kind: 'not-theirs'; readonly ply: number | null };

/** What opening a link should do. */
export type LinkArrival =
  /** A shared game (no friend marks): shown to look at, nothing stored. */
  | { readonly kind: 'view' }
  /** An invitation (the receiving side has not moved): this device joins, playing `mySide`. */
  | { readonly kind: 'join'; readonly mySide: Player }
  /** A friend game under way that this device is not part of: shown to look at, with "Save a copy". */
  | { readonly kind: 'foreign' }
  | LinkMerge;

const sameRules = (a: Rules, b: Rules) =>
  a.variant.id === b.variant.id && a.size === b.size && a.tournamentRule === b.tournamentRule;

const sameResult = (a: GameResult | null, b: GameResult | null) =>
  a === b || (a !== null && b !== null && a.winner === b.winner && a.reason === b.reason);

/** Who played move `ply` (from 1): player 1 plays the odd moves. */
export const moverOf = (ply: number): Player => (ply % 2 === 1 ? 1 : 2);

/** Whether `result` ends the game against `side` without a move of theirs (a resignation, time, a draw). */
const endsAgainst = (result: GameResult, side: Player) =>
  (result.reason === 'resignation' || result.reason === 'time' || result.reason === 'draw') && result.winner !== side;

/** How one copy of a game stands to another: the part of a link's meaning that does not ask who moved. */
export type CopyComparison = Exclude<LinkMerge, { readonly kind: 'not-theirs' }>;

/**
 * How `incoming` stands to `mine`, two copies of one game: the same, behind it (`older`), further on by
 * moves or an ending played after mine's last move (`extend`), or rewriting what mine holds (`conflict`).
 * This is the one rule for copies of a game: a friend link (mergeFriendLink) and a restored backup
 * (storage's restore-games.ts) both apply it.
 */
export function compareCopies(mine: GameMoves, incoming: GameMoves): CopyComparison {
  if (!sameRules(mine.rules, incoming.rules)) return { kind: 'different-rules' };
  const ours = mine.moves;
  const theirs = incoming.moves;
  const common = Math.min(ours.length, theirs.length);
  for (let i = 0; i < common; i++) if (ours[i] !== theirs[i]) return { kind: 'conflict', firstDifference: i + 1 };

  if (theirs.length < ours.length) {
    // A copy that ends the game at a point the other played on from is not an older copy of this game.
    return incoming.result
      ? { kind: 'conflict', firstDifference: theirs.length + 1 }
      : { kind: 'older', behind: ours.length - theirs.length };
  }
  if (theirs.length === ours.length) {
    if (sameResult(mine.result, incoming.result)) return { kind: 'same' };
    if (!incoming.result) return { kind: 'older', behind: 0 };
    if (mine.result) return { kind: 'conflict', firstDifference: ours.length + 1 };
    return { kind: 'extend', added: 0 };
  }
  // Longer: more moves, and perhaps the game's end; a game that has ended has no more moves.
  if (mine.result) return { kind: 'conflict', firstDifference: ours.length + 1 };
  return { kind: 'extend', added: theirs.length - ours.length };
}

/**
 * What a friend link (`incoming`: its moves and result) means for this device's copy of the game: the
 * copies' comparison (compareCopies), where only the other side's moves, or an ending against them, may
 * carry this device's copy on.
 */
export function mergeFriendLink(copy: FriendCopy, incoming: GameMoves): LinkMerge {
  const comparison = compareCopies(copy, incoming);
  if (comparison.kind !== 'extend') return comparison;
  for (let ply = copy.moves.length + 1; ply <= incoming.moves.length; ply++) {
    if (moverOf(ply) === copy.mySide) return { kind: 'not-theirs', ply };
  }
  if (incoming.result && endsAgainst(incoming.result, copy.mySide)) return { kind: 'not-theirs', ply: null };
  return comparison;
}

/**
 * What opening a link should do, given this device's copy of its game (null: none, or the link is not a
 * friend game's). A device that has no copy joins an invitation (no move of the receiving side yet, the
 * game not over); a game already under way is someone else's.
 */
export function linkArrival(opened: OpenedLink, copy: FriendCopy | null): LinkArrival {
  const { link, state } = opened;
  if (!link.friend) return { kind: 'view' };
  if (copy) return mergeFriendLink(copy, state);
  const receiver = opponent(link.friend.sender);
  const receiverMoved = link.moves.some((_, i) => moverOf(i + 1) === receiver);
  return receiverMoved || state.result ? { kind: 'foreign' } : { kind: 'join', mySide: receiver };
}

// ── Signed links (issue 30, item 6): the types the net layer's check and storage's merge share ─────────

/** Why a friend link is refused before the merge rule reads it (net/link-signature.ts checks). */
export type LinkRefusal =
  /** The game pinned this side's key, and the link is not signed. */
  | { readonly kind: 'unsigned' }
  /** Signed, but no key is pinned for its sender and it carries none: nothing to check it against. */
  | { readonly kind: 'no-key' }
  /** It carries another key than the one pinned for the player it claims to come from. */
  | { readonly kind: 'wrong-key' }
  /** The signature does not verify: the link was changed, or signed by someone else. */
  | { readonly kind: 'bad-signature' };

/** The keys a device knows for one friend game: its own (null: none made yet), and the other side's pinned one. */
export interface GameKeys {
  readonly mine: string | null;
  readonly theirs: string | null;
}

/** A friend link that passed its signature check: what it means, and what to learn from it. */
export interface JudgedLink {
  readonly arrival: LinkArrival;
  /** The key to pin for the other side, when this link is the first to bring it (null: nothing to pin). */
  readonly pin: string | null;
  /** The key that signed it (null: an unsigned link, read as before issue 30). */
  readonly signer: string | null;
}

/**
 * What opening a friend link means, its signature checked first (net/link-signature.ts's
 * signedLinkArrival); storage runs it inside the transaction that reads the copy and writes the result,
 * so the key it checks against is the one stored with the copy. `copy` null: this device has none.
 */
export type LinkJudge = (
  opened: OpenedLink,
  copy: FriendCopy | null,
  keys: GameKeys,
) => Result<JudgedLink, LinkRefusal>;

/**
 * Whether a link this device sends should carry its key (and its relay hints): while the other side may not
 * have pinned it. They pin it from the first signed link of ours they open, and they can only have answered
 * a move of ours after opening a link that holds it: so a device carries its key until the game holds a
 * move of the other side's after its own first move (its side's first move is move `mySide`), or while it
 * has pinned no key for the other side at all (a game begun by unsigned links, whose other side may have
 * pinned nothing either).
 */
export function linkCarriesKey(moveCount: number, mySide: Player, hasPeer: boolean): boolean {
  return !hasPeer || moveCount < mySide + 1;
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
  const rank = (game: GameMoves) => [game.moves[at] ?? -1, game.result ? 1 : 0] as const;
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
  const line = (g: GameMoves): GameMoves => ({ rules: g.rules, moves: g.moves, result: g.result });
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
  const moves = line.moves.slice(0, firstDifference);
  return { rules: line.rules, moves, result: moves.length < firstDifference ? line.result : null };
}
