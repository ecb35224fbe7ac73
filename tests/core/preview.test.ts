import { describe, expect, it } from 'vitest';
import {
  BOARD_SIZES,
  type GameState,
  type VariantId,
  EMPTY,
  VARIANT_IDS,
  chooseSeat,
  concede,
  forbiddenPoints,
  illegality,
  legalMoves,
  newGame,
  parsePoint,
  play,
  previewMove,
  seatChoiceDue,
  xOf,
  yOf,
} from '../../src/core';
import { game, names, rng } from '../helpers';

const free = { tournamentRule: false } as const;

function preview(state: GameState, name: string) {
  const point = parsePoint(state.rules.size, name);
  if (point === undefined) throw new Error(name);
  const result = previewMove(state, point);
  if (!result.ok) throw new Error(`${name}: ${result.error.message}`);
  return result.value;
}

function played(state: GameState, point: number): GameState {
  const next = play(state, point);
  if (!next.ok) throw new Error(next.error.message);
  return next.value;
}

/** A random legal point next to a random earlier move (so captures, poofs and fives happen), or any legal point. */
function nearMove(state: GameState, random: () => number): number {
  const { size } = state.rules;
  for (let tries = 0; tries < 50 && state.moves.length > 0; tries++) {
    const from = state.moves[Math.floor(random() * state.moves.length)]!;
    const x = xOf(size, from) + Math.floor(random() * 3) - 1;
    const y = yOf(size, from) + Math.floor(random() * 3) - 1;
    if (x >= 0 && y >= 0 && x < size && y < size && illegality(state, y * size + x) === null) return y * size + x;
  }
  const legal = legalMoves(state);
  return legal[Math.floor(random() * legal.length)]!;
}

describe('previewMove', () => {
  it('marks the stones a Pente move would capture, and nothing else', () => {
    const s = game(free, 'K10 L10 A1 M10');
    const p = preview(s, 'N10');
    expect(p.player).toBe(1);
    expect(names(s, p.captured)).toEqual(['L10', 'M10']);
    expect(p.poofed).toEqual([]);
    expect(p.result).toBeNull();
    expect(p.winningLine).toEqual([]);
    expect(p.waitingLine).toEqual([]);
  });

  it('marks the stones a Poof-Pente move would lose, captured and poofed apart', () => {
    const poof = { variant: 'poof', tournamentRule: false } as const;
    // From the poof tests: N10 completes player 1's pair M10–N10 between L10 and O10.
    const lone = preview(game(poof, 'K10 L10 M10 O10'), 'N10');
    expect(lone.captured).toEqual([]);
    expect(names(lone.next, lone.poofed)).toEqual(['M10', 'N10']);
    expect(lone.next.captures).toEqual([0, 2]);
    // The same move also captures O10–P10 (flanked by Q10): both sets are marked.
    const both = preview(game(poof, 'K10 L10 M10 O10 Q10 P10'), 'N10');
    expect(names(both.next, both.captured)).toEqual(['O10', 'P10']);
    expect(names(both.next, both.poofed)).toEqual(['M10', 'N10']);
  });

  it('marks a Keryo-Pente triple capture', () => {
    const s = game({ variant: 'keryo', tournamentRule: false }, 'K10 L10 A1 M10 A2 N10');
    expect(names(s, preview(s, 'O10').captured)).toEqual(['L10', 'M10', 'N10']);
  });

  it('reports a winning five with its line, and a capture win', () => {
    const five = preview(game(free, 'K10 A1 K11 A3 K12 A5 K13 A7'), 'K14');
    expect(five.result).toEqual({ winner: 1, reason: 'five' });
    expect(names(five.next, five.winningLine)).toEqual(['K10', 'K11', 'K12', 'K13', 'K14']);

    let moves = 'K10 T1';
    for (const row of [3, 6, 9, 12]) moves += ` B${row} C${row} S${row} D${row} E${row} T${row}`;
    const captures = preview(game(free, `${moves} B15 C15 S15 D15`), 'E15');
    expect(captures.result).toEqual({ winner: 1, reason: 'captures' });
    expect(captures.winningLine).toEqual([]);
  });

  it('shows a Boat-Pente five that can still be broken as waiting, not winning', () => {
    const boat = { variant: 'boat', tournamentRule: false } as const;
    const p = preview(game(boat, 'K10 M12 L12 A1 K11 A3 K13 A5 K14 A7'), 'K12');
    expect(p.result).toBeNull();
    expect(p.winningLine).toEqual([]);
    expect(names(p.next, p.waitingLine)).toEqual(['K10', 'K11', 'K12', 'K13', 'K14']);
  });

  it('refuses an illegal point with the same IllegalMove as illegality', () => {
    const cases: [GameState, number][] = [
      [newGame(), parsePoint(19, 'A1')!], // centre-first
      [game({}, 'K10 L9'), parsePoint(19, 'L11')!], // tournament-rule
      [game({}, 'K10'), parsePoint(19, 'K10')!], // occupied
      [game({}, 'K10'), 361], // off-board
      [concede(game({}, 'K10'), 2, 'resignation'), parsePoint(19, 'A1')!], // game-over
    ];
    const reasons = cases.map(([state, point]) => {
      const result = previewMove(state, point);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error).toEqual(illegality(state, point));
      return result.ok ? null : result.error.reason;
    });
    expect(reasons).toEqual(['centre-first', 'tournament-rule', 'occupied', 'off-board', 'game-over']);
  });

  it('gives the state play gives, and marks what that move changed, through random games of every variant', () => {
    const random = rng(20240611);
    const seen = { captured: 0, poofed: 0, results: 0 };
    for (const variant of VARIANT_IDS) {
      for (const size of BOARD_SIZES) {
        let state = newGame({ variant, size, tournamentRule: random() < 0.5 });
        while (!state.result && state.moves.length < 80) {
          if (seatChoiceDue(state)) state = chooseSeat(state, random() < 0.5 ? 'swap' : 'keep')!;
          const point = nearMove(state, random);
          const p = previewMove(state, point);
          if (!p.ok) throw new Error(p.error.message);
          const { next } = p.value;
          const { parent, ...rest } = next;
          const { parent: playParent, ...playRest } = played(state, point);
          expect(rest).toEqual(playRest);
          expect(parent).toBe(playParent);
          // Captured: the opponent's stones, gone afterwards. Poofed: the mover's own (or the new stone), gone too.
          for (const q of p.value.captured) expect([state.cells[q], next.cells[q]]).toEqual([3 - state.toMove, EMPTY]);
          for (const q of p.value.poofed) {
            expect(q === point || state.cells[q] === state.toMove).toBe(true);
            expect(next.cells[q]).toBe(EMPTY);
          }
          expect(p.value.result).toBe(next.result);
          seen.captured += p.value.captured.length;
          seen.poofed += p.value.poofed.length;
          if (next.result) seen.results++;
          // The preview's state is the one to commit: the game goes on from it.
          state = next;
        }
      }
    }
    // The games must reach the cases the marks are for.
    expect(seen.captured).toBeGreaterThan(0);
    expect(seen.poofed).toBeGreaterThan(0);
    expect(seen.results).toBeGreaterThan(0);
  });
});

describe('forbiddenPoints', () => {
  it('lists every point but the centre at the first move under the centre rule', () => {
    const forbidden = forbiddenPoints(newGame());
    expect(forbidden.reason).toBe('centre-first');
    expect(forbidden.points).toHaveLength(360);
    expect(forbidden.points).not.toContain(parsePoint(19, 'K10'));
    expect(forbiddenPoints(newGame({ variant: 'gomoku' }))).toEqual({ reason: null, points: [] });
  });

  it('lists the empty points of the tournament zone at player 1’s second stone, and nothing otherwise', () => {
    expect(forbiddenPoints(game({}, 'K10'))).toEqual({ reason: null, points: [] });
    // The 5x5 zone around K10, less K10 and player 2's L9.
    const s = game({}, 'K10 L9');
    const forbidden = forbiddenPoints(s);
    expect(forbidden.reason).toBe('tournament-rule');
    expect(names(s, forbidden.points)).toHaveLength(23);
    expect(names(s, forbidden.points)).toContain('H8');
    expect(names(s, forbidden.points)).not.toContain('L9');
    expect(forbiddenPoints(game(free, 'K10 L9')).points).toEqual([]);
    expect(forbiddenPoints(game({}, 'K10 L9 N10')).points).toEqual([]);
    expect(forbiddenPoints(concede(s, 1, 'resignation'))).toEqual({ reason: null, points: [] });
  });

  it('agrees with illegality on every empty point in the opening, for every variant and size', () => {
    const disagreements: string[] = [];
    for (const variant of VARIANT_IDS as readonly VariantId[]) {
      // Renju is 15×15 only.
      for (const size of variant === 'renju' ? ([15] as const) : BOARD_SIZES) {
        for (const tournamentRule of [true, false]) {
          let state = newGame({ variant, size, tournamentRule });
          for (let ply = 0; ply <= 3; ply++) {
            const forbidden = new Set(forbiddenPoints(state).points);
            for (let p = 0; p < size * size; p++) {
              if (state.cells[p] !== EMPTY) continue;
              const reason = illegality(state, p)?.reason;
              const byOpeningRule =
                reason === 'centre-first' ||
                reason === 'tournament-rule' ||
                reason === 'g-pente-rule' ||
                reason === 'renju-area';
              if (forbidden.has(p) !== byOpeningRule) disagreements.push(`${variant} ${size} ply ${ply} point ${p}`);
            }
            // Opening moves that are legal under every rule set: the centre, then points far from it (Swap2's
            // seat choice after the third stone kept).
            if (seatChoiceDue(state)) state = chooseSeat(state, 'keep')!;
            const c = (size - 1) >> 1;
            // Renju's opening keeps its stones near the centre: there, ones within its areas.
            const renjuMoves = [c * size + c, c * size + c + 1, (c + 1) * size + c, (c + 1) * size + c + 1];
            state = played(
              state,
              (variant === 'renju' ? renjuMoves : [c * size + c, c * size + c + 1, 0, size - 1])[ply]!,
            );
          }
        }
      }
    }
    expect(disagreements).toEqual([]);
  });
});
