/**
 * The shell's part of mending doubled friend games (src/ui/shell/doubled-games.ts): what it says, and
 * whether the lists must be read again.
 */
import { describe, expect, it } from 'vitest';
import { type StoredGame, newFriendGame, saveGame, withState } from '../../../src/storage';
import { mendDoubledGames } from '../../../src/ui/shell/doubled-games';
import { game } from '../../helpers';
import { openFresh, unwrap } from '../../storage/helpers';

const line = ['E5', 'F6', 'B2', 'C3', 'D4'];
const other = ['E5', 'F6', 'B2', 'D3', 'D4'];
const copy = (id: string, moves: string[]): StoredGame => ({
  ...withState(
    {
      ...newFriendGame({
        variant: 'pente',
        size: 9,
        tournamentRule: true,
        gameId: 'AbCdEfGhIjKlMn-_',
        mySide: 1,
        myName: 'Ann',
      }),
      players: [
        { name: 'Ann', kind: 'human' },
        { name: 'Bob', kind: 'human' },
      ],
    },
    game({ size: 9 }, moves.join(' ')),
  ),
  id,
});

async function mended(copies: StoredGame[]) {
  const { db } = await openFresh();
  for (const c of copies) unwrap(await saveGame(db, c, 0));
  const said: string[] = [];
  const dropped = await mendDoubledGames(db, (text) => said.push(text));
  return { dropped, said };
}

describe('mending doubled friend games after the first screen', () => {
  it('says a game was joined, and asks the lists to be read again', async () => {
    expect(await mended([copy('live', line), copy('old', line.slice(0, 3))])).toEqual({
      dropped: true,
      said: ['Your game with Bob was stored twice: the copies are joined into one, nothing of it lost.'],
    });
  });

  it('says both copies are kept when they differ, and changes no list', async () => {
    const { dropped, said } = await mended([copy('a', line), copy('b', other)]);
    expect(dropped).toBe(false);
    expect(said).toEqual([expect.stringMatching(/^Your game with Bob is stored twice, and the two copies differ/)]);
  });

  it('says nothing when no game is doubled', async () => {
    expect(await mended([copy('a', line)])).toEqual({ dropped: false, said: [] });
  });
});
