import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fiveLine, loadRecord, splitRecords } from '../../src/core';

const CORPUS = new URL('../../../shared/data/pente-org-games.pgn.gz', import.meta.url);

describe.skipIf(!existsSync(CORPUS))('the pente.org game collection', () => {
  it('replays every game legally, but for the one record that plays on after a capture win', () => {
    const games = splitRecords(gunzipSync(readFileSync(CORPUS)).toString('utf8'));
    expect(games).toHaveLength(8700);
    const loaded = games.map((g, i) => ({ game: i + 1, loaded: loadRecord(g.text, g.firstLine) }));
    const failures = loaded.flatMap(({ game, loaded }) => (loaded.ok ? [] : [{ game, ...loaded.error }]));
    // Game 7596: player 2's L8 (ply 38) captures K9 and J10, player 2's ninth and tenth stones, which wins;
    // the record goes on with M13 and claims 1-0. No rule set of pente.org's replays it.
    expect(failures).toEqual([
      {
        game: 7596,
        line: 155768,
        ply: 38,
        problem: { kind: 'illegal-move', move: 'M13', ply: 39, reason: 'game-over', centre: 'K10' },
        message: 'Illegal move M13 at ply 39: The game is over.',
      },
    ]);

    // Seven games end with a move that makes five and takes the winner's tenth stone (or more) at once:
    // each is a win by five, as pente.org records it.
    const fiveAndTarget = loaded.flatMap(({ game, loaded }) => {
      if (!loaded.ok) return [];
      const { state } = loaded.value;
      const winner = state.result?.winner;
      const last = state.lastMove;
      const madeFive = !!last && fiveLine(state.cells, state.rules.size, last.point, last.player, false).length > 0;
      return winner && madeFive && state.captures[winner - 1]! >= 10 ? [{ game, reason: state.result!.reason }] : [];
    });
    expect(fiveAndTarget).toEqual([313, 663, 1207, 1749, 2006, 3219, 5133].map((game) => ({ game, reason: 'five' })));
  });
});
