/**
 * Diverged friend games in storage (src/storage/friend-divergence.ts): one invitation opened on two of the
 * friend's devices, each answering differently; Alice's copy meets the other line and she chooses.
 */
import { describe, expect, it } from 'vitest';
import { type GameState, type Player, parseGameLink, partingOf } from '../../src/core';
import { signGameLink, signedLinkArrival } from '../../src/net/link-signature';
import { splitGameId } from '../../src/net/split-game';
import {
  findFriendGame,
  listGameSummaries,
  newFriendGame,
  receiveFriendLink,
  resolveFriendDivergence,
  saveGame,
  withState,
} from '../../src/storage';
import { type TestPlayer, alice, bob, mallory } from '../net/net-helpers';
import { game } from '../helpers';
import { openFresh, unwrap } from './helpers';

const opts = { size: 19 } as const;
const ID = 'GameAAAAAAAAAAAA';
const phoneLine = game(opts, 'K10 L9 O13');
const tabletLine = game(opts, 'K10 M12');
const tablet = mallory; // Bob's other device: a key Alice has not pinned

function signed(
  s: GameState,
  who: TestPlayer,
  sender: Player,
  carry: boolean,
  names: [string, string] = ['Ann', 'Bob'],
) {
  const code = signGameLink(
    { state: s, names, friend: { gameId: ID, sender }, relays: ['wss://t.io'] },
    who.secretKey,
    carry,
  );
  const parsed = parseGameLink(code);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

/** Alice's device: she invited, Bob's phone answered L9 (his key pinned), she played O13. */
async function alicesCopy() {
  const { db } = await openFresh();
  const trust = { judge: signedLinkArrival, myKey: alice.publicKey };
  const record = newFriendGame({
    variant: 'pente',
    size: 19,
    tournamentRule: phoneLine.rules.tournamentRule,
    gameId: ID,
    mySide: 1,
    myName: 'Ann',
  });
  unwrap(await saveGame(db, withState(record, game(opts, 'K10')), 0));
  unwrap(await receiveFriendLink(db, signed(game(opts, 'K10 L9'), bob, 2, true), { myName: 'Ann', trust }));
  const answered = unwrap(await findFriendGame(db, ID))!;
  unwrap(await saveGame(db, withState(answered, phoneLine), answered.revision));
  return { db, trust };
}

describe('a diverged pair brought together', () => {
  it('the other line, signed by the friend’s other device, arrives as a conflict and changes nothing yet', async () => {
    const { db, trust } = await alicesCopy();
    const before = unwrap(await findFriendGame(db, ID))!;
    expect(before.friend!.peer!.key).toBe(bob.publicKey);
    const receipt = unwrap(await receiveFriendLink(db, signed(tabletLine, tablet, 2, true), { myName: 'Ann', trust }));
    expect(receipt.arrival).toEqual({ kind: 'conflict', firstDifference: 2 });
    expect(receipt.signer).toBe(tablet.publicKey);
    expect(unwrap(await findFriendGame(db, ID))).toEqual(before);
  });

  it('take theirs: the copy becomes the link’s line, and the tablet’s key is the one its links are checked by', async () => {
    const { db, trust } = await alicesCopy();
    const link = signed(tabletLine, tablet, 2, true, ['Ann', 'Bob T']);
    const outcome = unwrap(
      await resolveFriendDivergence(db, link, 'take-theirs', { splitIdOf: splitGameId, signer: tablet.publicKey }),
    );
    expect(outcome.kind).toBe('resolved');
    const copy = unwrap(await findFriendGame(db, ID))!;
    expect(copy.moves).toEqual(['K10', 'M12']);
    expect(copy.players[1].name).toBe('Bob T');
    expect(copy.friend).toMatchObject({ mySide: 1, peer: { key: tablet.publicKey, relays: ['wss://t.io'] } });
    // Links flow again: the tablet's next link (no key carried now) extends it.
    unwrap(await saveGame(db, withState(copy, game(opts, 'K10 M12 O13')), copy.revision));
    const next = signed(game(opts, 'K10 M12 O13 N12'), tablet, 2, false);
    expect(unwrap(await receiveFriendLink(db, next, { myName: 'Ann', trust })).arrival.kind).toBe('extend');
    // Choosing again finds nothing to do.
    expect(
      unwrap(await resolveFriendDivergence(db, link, 'take-theirs', { splitIdOf: splitGameId, signer: null })),
    ).toEqual({
      kind: 'gone',
    });
  });

  it('keep both: two games, the lines as they were, each checked by its own device’s key; nothing lost or doubled', async () => {
    const { db, trust } = await alicesCopy();
    const link = signed(tabletLine, tablet, 2, true);
    const options = { splitIdOf: splitGameId, signer: tablet.publicKey };
    const outcome = unwrap(await resolveFriendDivergence(db, link, 'keep-both', options));
    if (outcome.kind !== 'resolved') throw new Error('not resolved');
    const lines = [outcome.game, outcome.split!].map((g) => g.moves.join(' ')).sort();
    expect(lines).toEqual(['K10 L9 O13', 'K10 M12']);
    const tabletGame = [outcome.game, outcome.split!].find((g) => g.moves.length === 2)!;
    expect(tabletGame.friend!.peer!.key).toBe(tablet.publicKey);
    const phoneGame = [outcome.game, outcome.split!].find((g) => g.moves.length === 3)!;
    expect(phoneGame.friend!.peer!.key).toBe(bob.publicKey);
    // The split's id is what the tablet derives on its side: the line as far as the parting.
    const leaving = outcome.split!.moves.length === 2 ? tabletLine : phoneLine;
    expect(outcome.split!.friend!.gameId).toBe(splitGameId(ID, partingOf(leaving, 2)));
    // Choosing again writes nothing more: still two games.
    unwrap(await resolveFriendDivergence(db, link, 'keep-both', options));
    expect(unwrap(await listGameSummaries(db)).games).toHaveLength(2);
    void trust;
  });
});
