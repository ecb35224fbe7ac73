/** Diverged copies of a friend game (core/friend.ts, issue 30 item 6): where they part, and the two choices. */
import { describe, expect, it } from 'vitest';
import { type GameState, concede, divergence, mergeFriendLink, parsePoint, resolveDivergence } from '../../src/core';
import { splitGameId } from '../../src/net/split-game';
import { game } from '../helpers';

const opts = { size: 19 } as const;
const opening = 'K10 L9 O13 M11 K12';
const point = (name: string) => parsePoint(19, name)!;

/** One invitation opened on two devices: each answered move 5 differently, then play went on. */
const onPhone = game(opts, `${opening} K11 L10`);
const onTablet = game(opts, `${opening} J9 N12 H8`);

describe('diverged copies', () => {
  it('the merge rule refuses the other copy (a conflict at move 6): the dead end this resolves', () => {
    const merge = mergeFriendLink({ ...onPhone, mySide: 2 }, onTablet);
    expect(merge).toEqual({ kind: 'conflict', firstDifference: 6 });
  });

  it('says where two copies part: the first differing move, and the moves they share', () => {
    const d = divergence(onPhone, onTablet)!;
    expect(d.firstDifference).toBe(6);
    expect(d.common).toBe(5);
    expect(d.mine.moves).toHaveLength(7);
    expect(d.theirs.moves).toHaveLength(8);
  });

  it('no divergence for the same game, an older copy or a later one', () => {
    expect(divergence(onPhone, onPhone)).toBeNull();
    expect(divergence(onPhone, game(opts, opening))).toBeNull();
    expect(divergence(game(opts, opening), onPhone)).toBeNull();
  });

  it('an ending that differs (a resignation on one copy, a move played on the other) diverges after the shared moves', () => {
    const resigned = concede(game(opts, opening), 2, 'resignation');
    const d = divergence(resigned, onPhone)!;
    expect(d.firstDifference).toBe(6);
    expect(d.keepsId).toBe('mine');
    expect(divergence(onPhone, resigned)!.keepsId).toBe('theirs');
  });

  it('take the other line: this copy becomes the other copy, from the first difference on', () => {
    const { copy, split } = resolveDivergence(divergence(onPhone, onTablet)!, 'take-theirs', 'unused');
    expect(copy.moves).toEqual(onTablet.moves);
    expect(copy.result).toBeNull();
    expect(split).toBeNull();
    // The copy now takes the other device's next link as any.
    const next = game(opts, 'G7', onTablet);
    expect(mergeFriendLink({ ...copy, mySide: 2 }, next)).toEqual({ kind: 'extend', added: 1 });
  });

  it('keep both: the two devices, choosing apart, end with the same two games under the same ids', () => {
    const id = 'GameAAAAAAAAAAAA';
    const atPhone = divergence(onPhone, onTablet)!;
    const atTablet = divergence(onTablet, onPhone)!;
    expect(atPhone.keepsId).not.toBe(atTablet.keepsId);
    const leaving = (d: typeof atPhone) => (d.keepsId === 'mine' ? d.theirs : d.mine);
    const phone = resolveDivergence(atPhone, 'keep-both', splitGameId(id, leaving(atPhone)));
    const tablet = resolveDivergence(atTablet, 'keep-both', splitGameId(id, leaving(atTablet)));
    expect(phone.copy.moves).toEqual(tablet.copy.moves);
    expect(phone.split!.game.moves).toEqual(tablet.split!.game.moves);
    expect(phone.split!.gameId).toBe(tablet.split!.gameId);
    expect(phone.split!.gameId).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(phone.split!.gameId).not.toBe(id);
    // The line with the lower point at move 6 keeps the id (J9 < K11 as points: row 9 is above row 11? by index).
    const lowerIsTablet = point('J9') < point('K11');
    expect(phone.copy.moves).toEqual((lowerIsTablet ? onTablet : onPhone).moves);
  });

  it('a derived id differs by line and by game', () => {
    const a = splitGameId('GameAAAAAAAAAAAA', onPhone);
    expect(splitGameId('GameAAAAAAAAAAAA', onTablet)).not.toBe(a);
    expect(splitGameId('GameBBBBBBBBBBBB', onPhone)).not.toBe(a);
    const ended: GameState = concede(onPhone, 1, 'resignation');
    expect(splitGameId('GameAAAAAAAAAAAA', ended)).not.toBe(a);
  });
});
