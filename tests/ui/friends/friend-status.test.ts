/** Where a friend game stands: the one model of its status line and Send button (src/ui/friends/friend-status.ts). */
import { describe, expect, it } from 'vitest';
import {
  type FriendGameNow,
  type FriendStatus,
  friendStatus,
  friendWording,
  hasNewsToSend,
  isMyTurn,
  maySend,
  sendIsMain,
} from '../../../src/ui/friends/friend-status';

const kind = (g: FriendGameNow) => friendStatus(g).kind;
const synced = (moves: number, ended = false) => ({ moves, ended });

describe('a friend game by links', () => {
  it('has an inviter who plays Black make the first move before anything is sent, then send it as the invitation', () => {
    expect(kind({ variant: 'pente', moves: 0, ended: false, mySide: 1 })).toBe('first-move');
    expect(kind({ variant: 'pente', moves: 1, ended: false, mySide: 1 })).toBe('send-invite');
    expect(kind({ variant: 'pente', moves: 1, ended: false, mySide: 1, synced: synced(1) })).toBe('waiting');
  });

  it('has an inviter who plays White send the invitation at once', () => {
    expect(kind({ variant: 'pente', moves: 0, ended: false, mySide: 2 })).toBe('send-invite');
    expect(kind({ variant: 'pente', moves: 0, ended: false, mySide: 2, synced: synced(0) })).toBe('waiting');
  });

  it('never asks the invitee to send an invitation: joining records what the inviter has', () => {
    // Bob joined Ann's invitation as Black (no move yet), or as White after her first move.
    expect(kind({ variant: 'pente', moves: 0, ended: false, mySide: 1, synced: synced(0) })).toBe('your-move');
    expect(kind({ variant: 'pente', moves: 1, ended: false, mySide: 2, synced: synced(1) })).toBe('your-move');
    for (let moves = 0; moves < 12; moves++)
      for (const mySide of [1, 2] as const)
        for (let known = 0; known <= moves; known++)
          expect(kind({ variant: 'pente', moves, ended: false, mySide, synced: synced(known) })).not.toBe(
            'send-invite',
          );
  });

  it('says "send your move" after this side’s move until the link has gone, then waits', () => {
    expect(kind({ variant: 'pente', moves: 3, ended: false, mySide: 1, synced: synced(2) })).toBe('send-move');
    expect(kind({ variant: 'pente', moves: 3, ended: false, mySide: 1, synced: synced(3) })).toBe('waiting');
    expect(kind({ variant: 'pente', moves: 4, ended: false, mySide: 1, synced: synced(4) })).toBe('your-move');
  });

  it('asks to send the result until the friend has the end, then is over', () => {
    expect(kind({ variant: 'pente', moves: 9, ended: true, mySide: 1, synced: synced(8) })).toBe('send-result');
    expect(kind({ variant: 'pente', moves: 9, ended: true, mySide: 1, synced: synced(9) })).toBe('send-result');
    expect(kind({ variant: 'pente', moves: 9, ended: true, mySide: 1, synced: synced(9, true) })).toBe('over');
    // A resignation that arrived by link: the friend has it.
    expect(kind({ variant: 'pente', moves: 6, ended: true, mySide: 2, synced: synced(6, true) })).toBe('over');
  });

  it('reads a game kept before links were recorded from who has moved', () => {
    expect(kind({ variant: 'pente', moves: 2, ended: false, mySide: 1 })).toBe('your-move');
    expect(kind({ variant: 'pente', moves: 3, ended: false, mySide: 1 })).toBe('send-move');
    expect(kind({ variant: 'pente', moves: 1, ended: false, mySide: 2 })).toBe('your-move');
    expect(kind({ variant: 'pente', moves: 7, ended: true, mySide: 2 })).toBe('send-result');
  });

  it('offers Send only when it is not this side’s turn, as the main action when it carries news', () => {
    const all = ['first-move', 'your-move', 'send-invite', 'send-move', 'waiting', 'send-result', 'over'] as const;
    const may = all.filter((k) => maySend({ kind: k }));
    const news = all.filter((k) => hasNewsToSend({ kind: k }));
    const first = all.filter((k) => isMyTurn({ kind: k }));
    expect(may).toEqual(['send-invite', 'send-move', 'waiting', 'send-result', 'over']);
    expect(news).toEqual(['send-invite', 'send-move', 'send-result']);
    expect(first).toEqual(['first-move', 'your-move', 'send-invite', 'send-move', 'send-result']);
  });
});

describe('the words of a friend game, by the way its moves travel', () => {
  const KINDS = ['first-move', 'your-move', 'send-invite', 'send-move', 'waiting', 'send-result', 'over'] as const;
  const status = (kind: (typeof KINDS)[number]) => ({ kind }) as FriendStatus;
  const unpinned = { pinned: false, present: false, relaysDown: false };

  it('keeps the link words, and Send as the main action when there is news, where no key is pinned', () => {
    for (const kind of KINDS) {
      const w = friendWording(status(kind), unpinned);
      expect(w).toEqual({ by: 'link', status: status(kind) });
      expect(sendIsMain(w)).toBe(hasNewsToSend(status(kind)));
    }
    // Presence without a pinned key changes nothing (it cannot come without one, but the words do not ask).
    expect(friendWording(status('waiting'), { pinned: false, present: true, relaysDown: false }).by).toBe('link');
  });

  it('says a move of a pinned game is on its way, then sent, and never makes the link the main action', () => {
    const pinned = (present: boolean) => ({ pinned: true, present, relaysDown: false });
    expect(friendWording(status('your-move'), pinned(false))).toEqual({ by: 'relay', step: 'your-move' });
    expect(friendWording(status('send-move'), pinned(false))).toEqual({ by: 'relay', step: 'sending' });
    expect(friendWording(status('send-move'), pinned(true))).toEqual({ by: 'relay', step: 'sending' });
    expect(friendWording(status('send-result'), pinned(false))).toEqual({ by: 'relay', step: 'sending-result' });
    expect(friendWording(status('over'), pinned(true))).toEqual({ by: 'relay', step: 'over' });
    for (const kind of KINDS) {
      for (const present of [false, true])
        expect(sendIsMain(friendWording(status(kind), pinned(present)))).toBe(
          kind === 'send-invite', // the invitation still goes by link
        );
    }
  });

  it('says their move appears by itself while they are here, and when they play otherwise', () => {
    expect(friendWording(status('waiting'), { pinned: true, present: true, relaysDown: false })).toEqual({
      by: 'relay',
      step: 'sent',
      present: true,
    });
    expect(friendWording(status('waiting'), { pinned: true, present: false, relaysDown: false })).toEqual({
      by: 'relay',
      step: 'sent',
      present: false,
    });
  });

  it('sends the invitation (and a first move with it) by link even where a key is known', () => {
    for (const kind of ['first-move', 'send-invite'] as const) {
      expect(friendWording(status(kind), { pinned: true, present: true, relaysDown: false })).toEqual({
        by: 'link',
        status: status(kind),
      });
    }
  });

  it('follows a pinned game through its moves: sent once a relay took it (friend.synced moved on)', () => {
    const route = { pinned: true, present: true, relaysDown: false };
    const step = (moves: number, syncedMoves: number) =>
      friendWording(
        friendStatus({ variant: 'pente', moves, ended: false, mySide: 2, synced: synced(syncedMoves) }),
        route,
      );
    expect(step(1, 1)).toEqual({ by: 'relay', step: 'your-move' });
    expect(step(2, 1)).toEqual({ by: 'relay', step: 'sending' });
    expect(step(2, 2)).toEqual({ by: 'relay', step: 'sent', present: true });
  });

  it('goes back to the link words, Send the main action, while every relay is down', () => {
    for (const kind of KINDS) {
      const w = friendWording(status(kind), { pinned: true, present: false, relaysDown: true });
      expect(w).toEqual({ by: 'link', status: status(kind) });
      expect(sendIsMain(w)).toBe(hasNewsToSend(status(kind)));
    }
  });
});

describe('whose turn it is comes from core (personToAct), in every game', () => {
  it('D-Pente: player 1 places four stones, then player 2 chooses; after a swap each plays the other seat', () => {
    const d = (moves: number, mySide: 1 | 2, seatChoice: 'swap' | 'keep' | null = null) =>
      kind({
        variant: 'd-pente',
        moves,
        seatChoice,
        ended: false,
        mySide,
        synced: synced(moves + (seatChoice ? 1 : 0)),
      });
    for (const n of [0, 1, 2, 3]) expect(d(n, 1)).toBe('your-move');
    expect(d(4, 1)).toBe('waiting');
    expect(d(4, 2)).toBe('your-move');
    // Kept: seat 1 (player 1) plays the fifth stone. Swapped: player 2 sits in seat 1 and plays it.
    expect(d(4, 1, 'keep')).toBe('your-move');
    expect(d(4, 2, 'swap')).toBe('your-move');
    expect(d(4, 1, 'swap')).toBe('waiting');
    expect(d(5, 1, 'swap')).toBe('your-move');
  });

  it('a seat choice is news to send like a stone', () => {
    const after = { variant: 'd-pente', moves: 4, seatChoice: 'keep', ended: false, mySide: 2 } as const;
    expect(kind({ ...after, synced: synced(4) })).toBe('send-move');
    expect(kind({ ...after, synced: synced(5) })).toBe('waiting');
  });

  it('Swap2: after the pass player 2 places two stones and player 1 chooses', () => {
    const s = (moves: number, mySide: 1 | 2) =>
      kind({ variant: 'swap2-pente', moves, swap2Pass: true, ended: false, mySide, synced: synced(moves + 1) });
    expect(s(3, 2)).toBe('your-move');
    expect(s(4, 2)).toBe('your-move');
    expect(s(5, 2)).toBe('waiting');
    expect(s(5, 1)).toBe('your-move');
  });

  it('Connect6: one stone, then two a turn', () => {
    const c = (moves: number, mySide: 1 | 2) =>
      kind({ variant: 'connect6', moves, ended: false, mySide, synced: synced(moves) });
    expect([0, 1, 2, 3, 4, 5].map((n) => c(n, 1))).toEqual([
      'your-move',
      'waiting',
      'waiting',
      'your-move',
      'your-move',
      'waiting',
    ]);
  });
});
