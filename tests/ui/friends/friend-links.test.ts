/** A friend game's words and link rules on the page (src/ui/friends/links.ts). */
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { parseGameLink } from '../../../src/core';
import { friendLinkUrl } from '../../../src/ui/friends/friend-link-url';
import { friendStanding, waitsForYou, yourTurnFirst } from '../../../src/ui/friends/links';
import { game } from '../../helpers';

describe('friend games on the page', () => {
  it('say whose turn it is, what to send, or how the game ended', () => {
    const players = ['Ann', 'Bob'] as const;
    const known = (moves: number, ended = false) => ({ synced: { moves, ended } });
    expect(friendStanding({ players, variant: 'pente' as const, moveCount: 0, result: null, mySide: 1 })).toBe(
      'Your turn',
    );
    expect(friendStanding({ players, variant: 'pente' as const, moveCount: 1, result: null, mySide: 1 })).toBe(
      'Send your move',
    );
    expect(
      friendStanding({ players, variant: 'pente' as const, moveCount: 1, result: null, mySide: 1, ...known(1) }),
    ).toBe('Waiting for Bob');
    expect(
      friendStanding({ players, variant: 'pente' as const, moveCount: 1, result: null, mySide: 2, ...known(1) }),
    ).toBe('Your turn');
    const resigned = { winner: 2, reason: 'resignation' } as const;
    expect(
      friendStanding({
        players,
        variant: 'pente' as const,
        moveCount: 7,
        result: resigned,
        mySide: 1,
        ...known(7, true),
      }),
    ).toBe('Bob beat Ann by resignation');
    expect(
      friendStanding({ players, variant: 'pente' as const, moveCount: 7, result: resigned, mySide: 2, ...known(7) }),
    ).toBe('Send the result');
  });

  it("say the relay words for a game whose friend's key is pinned: a move on its way is no task of the player's", () => {
    const players = ['Ann', 'Bob'] as const;
    const relay = (moveCount: number, mySide: 1 | 2, synced: number) => ({
      players,
      variant: 'pente' as const,
      moveCount,
      result: null,
      mySide,
      synced: { moves: synced, ended: false },
      pinned: true,
    });
    expect(friendStanding(relay(3, 1, 2))).toBe('Sending your move…');
    expect(friendStanding(relay(3, 1, 3))).toBe('Waiting for Bob');
    expect(friendStanding(relay(2, 1, 2))).toBe('Your turn');
    // The invitation still goes by link, and so does an unpinned game's move.
    expect(friendStanding({ ...relay(1, 1, 0), synced: undefined })).toBe('Send your move');
    expect(friendStanding({ ...relay(3, 1, 2), pinned: false })).toBe('Send your move');
  });

  it('put a pinned game whose move is on its way among those waiting for the friend, not first', () => {
    const row = (id: string, moveCount: number, synced: number, pinned: boolean) => ({
      id,
      variant: 'pente' as const,
      moveCount,
      result: null,
      friend: { mySide: 1 as const, synced: { moves: synced, ended: false }, ...(pinned ? { pinned } : {}) },
    });
    const games = [row('sending', 3, 2, true), row('computer', 4, 0, false), row('to-send', 3, 2, false)];
    const listed = yourTurnFirst([
      games[0]!,
      { id: 'computer', variant: 'pente' as const, moveCount: 4, result: null },
      games[2]!,
    ]);
    expect(listed.map((g) => g.id)).toEqual(['to-send', 'computer', 'sending']);
    expect(waitsForYou(games[0]!)).toBe(false);
    expect(waitsForYou(row('my-turn', 2, 2, true))).toBe(true);
  });

  it('list the games that wait for this device first, then the others, then those waiting for the friend', () => {
    const row = (
      id: string,
      moveCount: number,
      friend?: { mySide: 1 | 2; synced?: { moves: number; ended: boolean } },
    ) => ({
      id,
      variant: 'pente' as const,
      moveCount,
      result: null,
      ...(friend ? { friend } : {}),
    });
    const games = [
      row('waiting', 1, { mySide: 1, synced: { moves: 1, ended: false } }),
      row('computer', 4),
      row('my-turn', 2, { mySide: 1, synced: { moves: 2, ended: false } }),
      row('to-send', 3, { mySide: 1, synced: { moves: 2, ended: false } }),
      row('computer-2', 6),
    ];
    expect(yourTurnFirst(games).map((g) => g.id)).toEqual(['my-turn', 'to-send', 'computer', 'computer-2', 'waiting']);
  });

  it('make a link of this app that carries the game, sent by this side, without the placeholder name', () => {
    vi.stubGlobal('location', { origin: 'https://pente.example', pathname: '/' });
    onTestFinished(() => void vi.unstubAllGlobals());
    const state = game({ size: 9 }, 'E5');
    const url = friendLinkUrl(
      [
        { name: 'Ann', kind: 'human' },
        { name: 'Friend', kind: 'human' },
      ],
      { gameId: 'AbCdEfGhIjKlMn-_', mySide: 1 },
      state,
    );
    expect(url).toMatch(/^https:\/\/pente\.example\/#\/g\/3/);
    const parsed = parseGameLink(url.slice(url.indexOf('#/g/') + 4));
    expect(parsed.ok && parsed.value.link).toMatchObject({
      names: ['Ann', ''],
      friend: { gameId: 'AbCdEfGhIjKlMn-_', sender: 1 },
      moves: state.moves,
    });
  });
});
