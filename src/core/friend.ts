/**
 * Correspondence games by link: each device keeps its own copy of a game, and every move travels as a
 * link carrying the whole game (link.ts). These are the pure rules for what a friend link arriving means,
 * so two copies stay in step without a server: a link that adds the other side's moves updates the copy,
 * the same or an older link changes nothing, a link that rewrites a move already played (or plays for
 * this device's side) is refused, and a device with no copy joins only an invitation (the receiving side
 * has not moved yet); any other game is someone else's, shown but not joined.
 */
import { type Player, type Point, opponent } from './board';
import type { GameResult, SeatChoice } from './game';
import { actionsOf, actorsOf } from './game-actions';
import type { OpenedLink } from './link';
import type { Result } from './result';
import type { Rules } from './variants';

/**
 * A game as the merge rule compares it: its rules, moves, opening steps (D-Pente's and Swap2's seat choice,
 * Swap2's pass: absent in every other game) and result. Two copies are compared action by action (core's
 * actionsOf: stones and steps in playing order), so counts and move numbers below count actions.
 */
export interface GameMoves {
  readonly rules: Rules;
  readonly moves: readonly Point[];
  readonly seatChoice?: SeatChoice | null | undefined;
  readonly swap2Pass?: boolean | undefined;
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
  const ours = actionsOf(mine);
  const theirs = actionsOf(incoming);
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
 * Whether `incoming` undoes the loss on time `mine` ended with: it holds every move of mine and more (or
 * the same moves and another ending). Only for copies folded from the relays' signed events, where the
 * clocks' signed readings decide who flagged (net/clock.ts whoFlagged): a move made in time beats a claim
 * even when it arrives after it, so the claim this copy stored gives way to the move. Links never undo one.
 */
export function undoesLossOnTime(mine: GameMoves, incoming: GameMoves): boolean {
  if (mine.result?.reason !== 'time' || !sameRules(mine.rules, incoming.rules)) return false;
  const [ours, theirs] = [actionsOf(mine), actionsOf(incoming)];
  if (theirs.length < ours.length || ours.some((a, i) => theirs[i] !== a)) return false;
  if (theirs.length > ours.length) return true;
  return incoming.result !== null && !sameResult(mine.result, incoming.result);
}

/**
 * What a friend link (`incoming`: its moves and result) means for this device's copy of the game: the
 * copies' comparison (compareCopies), where only the other side's moves, or an ending against them, may
 * carry this device's copy on.
 */
export function mergeFriendLink(copy: FriendCopy, incoming: GameMoves): LinkMerge {
  const comparison = compareCopies(copy, incoming);
  if (comparison.kind !== 'extend') return comparison;
  // Who took each action is core's rule (personToAct): D-Pente's player 1 places four stones, Connect6's
  // turns are two stones, and after a swap each person plays the other seat.
  const actors = actorsOf(incoming);
  for (let ply = actionsOf(copy).length + 1; ply <= actors.length; ply++) {
    if (actors[ply - 1] === copy.mySide) return { kind: 'not-theirs', ply };
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
  const receiverMoved = actorsOf(state).includes(receiver);
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
