/**
 * Victory by continuous fours (VCF): a yes-or-no threat-space search, run by quiescence for the side to
 * move when it faces no threat. The attacker makes fours (with captureThreatFours, near its capture win,
 * capture threats too, and captures that open a four or bring the capture win within one more), the
 * defender answers each with every defence the move generator finds, and the attacker must win within a
 * few plies. Positions found to have no such victory within n plies are kept in a small table of their
 * own (by hash), as are the wins found.
 *
 * Renju-aware: black's fours never stand on its forbidden points, and a white four whose blocking points
 * are all forbidden to black wins (black has no defence: the move generator gives none).
 *
 * Capture-aware: a defender's captures are among its answers; a capture threat forces only if the attacker
 * would win at once were the defender to pass (`threatIsReal`).
 *
 * It shares the search's Position, move generator, per-ply buffers and clock, and allocates nothing.
 */
import { type GenInfo, MoveGen, WIN_NOW } from './movegen';
import { MAX_SEARCH_PLY, type Position, threatCount } from './position';
import type { SearchSettings } from './search-settings';
import { canWinNow, captureWinWithin } from './threats';
import type { SearchClock } from './timeman';

/** Entries of the table, less one. */
const VCF_MASK = (1 << 16) - 1;
/** Ranks in the list of forcing moves: fours first, then capture threats (see listThreats). */
const THREAT_FOUR = 1 << 14;
const THREAT_CAPTURE = 1 << 12;

export class VcfSearch {
  /** Positions known to have no victory within vcfLeft plies, or a win in -vcfLeft (by hash). */
  private readonly vcfKey = new Int32Array(VCF_MASK + 1);
  private readonly vcfLo = new Int32Array(VCF_MASK + 1);
  private readonly vcfLeft = new Int8Array(VCF_MASK + 1);
  private readonly info: GenInfo = { forced: false, best: 0 };

  /**
   * `moves` and `scores` are the search's per-ply buffers (ply * points on), `list` its scratch list of
   * points; the victory search uses those of the plies below the one it is called at.
   */
  constructor(
    private readonly pos: Position,
    private readonly gen: MoveGen,
    private readonly settings: SearchSettings,
    private readonly clock: SearchClock,
    private readonly moves: Int16Array,
    private readonly scores: Int32Array,
    private readonly list: Int16Array,
  ) {}

  /**
   * Plies to a victory by continuous fours for the side to move within `left` plies, or 0. It looks only
   * when the side has the material for one: vcfMinThrees threes, or a capture-threat or capture route to a
   * winning threat.
   */
  find(ply: number, left: number): number {
    const pos = this.pos;
    const me = pos.toMove;
    if (
      pos.lineCount[me * 6 + 3]! < this.settings.vcfMinThrees &&
      !this.captureThreatsWin(me) &&
      !this.mayCaptureIntoThreat(me)
    )
      return 0;
    return this.attack(ply, left);
  }

  /**
   * The forcing moves of the side to move for the victory search, at most `limit`, best first from `base`:
   * its fours, its captures that leave it a winning threat (ranked as fours: see MoveGen.captureThreats), and with
   * captureThreatFours, near its capture win, its capture threats (after the fours).
   */
  private listThreats(base: number, limit: number): number {
    const pos = this.pos;
    const n = pos.points;
    const me = pos.toMove;
    const mine = me * n;
    const threat = pos.threat;
    const captureThreat = pos.captureThreat;
    const captureThreats = this.settings.captureThreatFours && this.captureThreatsWin(me);
    const list = this.list;
    const listed = pos.listCandidates(list);
    const renjuBlack = pos.renju && me === 1;
    let count = 0;
    for (let j = 0; j < listed; j++) {
      const q = list[j]!;
      const t = threat[mine + q]!;
      const fours = threatCount(t, 3);
      // (A capture that opens a four, or brings the capture win within a capture, forces as a four does.)
      const opened = fours === 0 && pos.captureAt[mine + q]! > 0 ? this.gen.captureThreats(q) : 0;
      let score: number;
      if (fours > 0) {
        score = THREAT_FOUR + fours * 16 + threatCount(t, 2);
      } else if (opened > 0) {
        score = THREAT_FOUR + opened * 16 + threatCount(t, 2);
      } else if (captureThreats && captureThreat[mine + q]! > 0) {
        score = THREAT_CAPTURE + captureThreat[mine + q]! * 16 + threatCount(t, 2);
      } else continue;
      // Renju: black's four on a forbidden point (a four-four, a four that is also an overline) is no move.
      if (renjuBlack && pos.forbidden(q)) continue;
      this.moves[base + count] = q;
      this.scores[base + count] = score;
      count++;
    }
    const limited = Math.min(count, limit);
    for (let i = 0; i < limited; i++) MoveGen.pick(this.moves, this.scores, base + i, base + count);
    return limited;
  }

  /**
   * Whether a capture threat of the player may threaten the capture win: its captures plus the longest
   * capture reach it (8 stones in Pente, 12 in Keryo-Pente). Whether one does is checked when it is made
   * (see threatIsReal).
   */
  private captureThreatsWin(player: number): boolean {
    const pos = this.pos;
    return this.settings.captureThreatFours && captureWinWithin(pos.rules.variant, pos.captures[player - 1]!, 1);
  }

  /**
   * Whether a capture of the player might leave it a winning threat (see MoveGen.captureThreats): it has a
   * capture, and a four blocked by a single stone or the capture win within two captures.
   */
  private mayCaptureIntoThreat(player: number): boolean {
    const pos = this.pos;
    if (pos.takes[player]! === 0) return false;
    if (pos.lineCount[player * 6]! > 0) return true;
    return captureWinWithin(pos.rules.variant, pos.captures[player - 1]!, 2);
  }

  /**
   * Whether the last move's threat is real: if the side to move passed, the other side would win at once.
   * (The null move keeps the hash consistent; Boat-Pente's pending five is left to the full search.)
   */
  private threatIsReal(ply: number): boolean {
    const pos = this.pos;
    if (pos.pendingFive !== 0) return false;
    pos.makeNull();
    const wins = this.winsNow(ply);
    pos.unmakeNull();
    return wins;
  }

  /**
   * Victory by continuous fours: whether the side to move (facing no threat) wins by making fours, each
   * answered by every defence, within `left` plies. Returns the plies to the win found, or 0.
   */
  private attack(ply: number, left: number): number {
    const pos = this.pos;
    if (left <= 0 || ply >= MAX_SEARCH_PLY - 1) return 0;
    // The table: a win in p plies is kept as -p, no win within `left` plies as left.
    const slot = pos.hashLo & VCF_MASK;
    if (this.vcfKey[slot] === pos.hashHi && this.vcfLo[slot] === pos.hashLo) {
      const known = this.vcfLeft[slot]!;
      if (known >= left) return 0;
      if (known < 0 && -known <= left) return -known;
    }
    const me = pos.toMove;
    const base = ply * pos.points;
    const count = this.listThreats(base, this.settings.vcfWidth);
    let result = 0;
    for (let i = 0; i < count; i++) {
      const m = this.moves[base + i]!;
      pos.make(m);
      const plies = pos.winner ? (pos.winner === me ? 1 : 0) : this.defend(ply + 1, left - 1);
      pos.unmake();
      if (plies > 0) {
        result = plies + 1;
        break;
      }
    }
    if (!this.clock.stopped) {
      this.vcfKey[slot] = pos.hashHi;
      this.vcfLo[slot] = pos.hashLo;
      this.vcfLeft[slot] = result > 0 ? -result : left;
    }
    return result;
  }

  /** The defender's side of `attack`: every defence must lose to more fours. Returns plies to the loss, or 0. */
  private defend(ply: number, left: number): number {
    const pos = this.pos;
    const clock = this.clock;
    clock.poll(pos.nodes);
    if (clock.stopped) return 0;
    const base = ply * pos.points;
    const me = pos.toMove;
    const them = 3 - me;
    // A capture threat forces only if the capture would win (the lead rule, the length of the pair): the
    // attacker must win at once if the defender passed.
    if (pos.lineCount[them * 6 + 4]! === 0 && !this.threatIsReal(ply)) return 0;
    const count = this.gen.generate(this.moves, this.scores, base, this.info);
    // Renju: a white four whose blocking points are all forbidden to black cannot be blocked.
    if (count === 0) return this.info.forced ? 2 : 0;
    if (this.scores[base] === WIN_NOW || !this.info.forced || left <= 0) return 0;
    let longest = 0;
    for (let i = 0; i < count; i++) {
      MoveGen.pick(this.moves, this.scores, base + i, base + count);
      const m = this.moves[base + i]!;
      pos.make(m);
      let plies: number;
      if (pos.winner) plies = pos.winner === me ? 0 : 1;
      else if (pos.lineCount[them * 6 + 4]! > 0 && !pos.exactFor(them as 1 | 2))
        plies = 1; // The four still stands.
      else if (canWinNow(pos, them)) plies = this.winsNow(ply + 1) ? 1 : 0;
      else if (canWinNow(pos, me))
        plies = 0; // The defence made a threat of its own: the fours stop here.
      else plies = this.attack(ply + 1, left - 1);
      pos.unmake();
      if (plies === 0) return 0;
      if (plies > longest) longest = plies;
    }
    return longest + 1;
  }

  /** Whether the side to move has a winning move (the generator's judgement). */
  private winsNow(ply: number): boolean {
    const base = ply * this.pos.points;
    const count = this.gen.generate(this.moves, this.scores, base, this.info);
    return count > 0 && this.scores[base] === WIN_NOW;
  }
}
