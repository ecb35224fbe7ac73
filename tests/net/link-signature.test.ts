import { describe, expect, it } from 'vitest';
import {
  type GameState,
  concede,
  formatGameLink,
  formatGameLinkBody,
  linkCheck,
  makeRules,
  parseGameLink,
  sealGameLink,
} from '../../src/core';
import {
  checkLinkSignature,
  linkCarriesKey,
  publicKeyOf,
  signGameLink,
  signedLinkArrival,
} from '../../src/net/link-signature';
import { GAME_ID, alice, bob, mallory, randomGame, rules19 } from './net-helpers';

const names = ['Alice', 'Bob'] as const;
const friendOf = (sender: 1 | 2) => ({ gameId: GAME_ID, sender });
const opened = (code: string) => {
  const parsed = parseGameLink(code);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};
const check = (code: string, pinned: string | null) => {
  const result = checkLinkSignature(opened(code), pinned);
  return result.ok ? result.value : result.error.kind;
};
const game30: GameState = randomGame(rules19, 30, 11);

describe('signed links', () => {
  it('the public key is the Nostr key (x-only, hex)', () => {
    expect(publicKeyOf(alice.secretKey)).toBe(alice.publicKey);
  });

  it('an invitation carries the inviter key: it verifies against it and is pinned', () => {
    const invitation = signGameLink(
      { state: randomGame(rules19, 1, 1), names, friend: friendOf(1) },
      alice.secretKey,
      true,
    );
    expect(check(invitation, null)).toEqual({ publicKey: alice.publicKey, pin: true });
    expect(check(invitation, alice.publicKey)).toEqual({ publicKey: alice.publicKey, pin: false });
  });

  it('a later link without the key verifies against the pinned key, and only against it', () => {
    const link = signGameLink({ state: game30, names, friend: friendOf(2) }, bob.secretKey, false);
    expect(check(link, bob.publicKey)).toEqual({ publicKey: bob.publicKey, pin: false });
    expect(check(link, mallory.publicKey)).toBe('bad-signature');
    expect(check(link, null)).toBe('no-key');
  });

  const bobsLink = signGameLink({ state: game30, names, friend: friendOf(2) }, bob.secretKey, false);
  const bobsBody = opened(bobsLink).link.seal!.signedText;
  const withCheck = (text: string) => `${text}.${linkCheck(text)}`;

  it("a third party's move added to Bob's link, his signature kept, is refused", () => {
    const moved = randomGame(rules19, 32, 11);
    const forgedBody = formatGameLinkBody({ state: moved, names, friend: friendOf(2) });
    const stolenSeal = bobsLink.slice(bobsBody.length, -3);
    const forged = withCheck(forgedBody + stolenSeal);
    expect(check(forged, bob.publicKey)).toBe('bad-signature');
  });

  it('a forged resignation, signed by Mallory with her own key carried, is refused as the wrong key', () => {
    const resigned = concede(game30, 1, 'resignation');
    const forged = signGameLink(
      { state: resigned, names: ['Alice', 'Mallory'], friend: friendOf(2) },
      mallory.secretKey,
      true,
    );
    expect(check(forged, bob.publicKey)).toBe('wrong-key');
    // Without her key, it does not verify against Bob's.
    const bare = signGameLink({ state: resigned, names, friend: friendOf(2) }, mallory.secretKey, false);
    expect(check(bare, bob.publicKey)).toBe('bad-signature');
  });

  it('a renamed sender (the names are signed too) is refused', () => {
    const renamed = bobsBody.replace(/^([^.]*\.[^.]*\.)[^.]*/, `$1${btoa('Mallory').replace(/=+$/, '')}`);
    expect(renamed).not.toBe(bobsBody);
    const stolenSeal = bobsLink.slice(bobsBody.length, -3);
    expect(check(withCheck(renamed + stolenSeal), bob.publicKey)).toBe('bad-signature');
  });

  it('a made-up loss on time (an ending tag added) is refused', () => {
    const timed = formatGameLinkBody({ state: concede(game30, 1, 'time'), names, friend: friendOf(2) });
    const stolenSeal = bobsLink.slice(bobsBody.length, -3);
    expect(check(withCheck(timed + stolenSeal), bob.publicKey)).toBe('bad-signature');
  });

  it('unsigned links: read for a game that never pinned a key, refused for one that did', () => {
    const plain = formatGameLink({ state: game30, names, friend: friendOf(2) });
    expect(check(plain, null)).toEqual({ publicKey: null, pin: false });
    expect(check(plain, bob.publicKey)).toBe('unsigned');
  });

  it('a signature that is not a point on the curve is refused, never thrown', () => {
    const body = formatGameLinkBody({ state: game30, names, friend: friendOf(2) });
    expect(check(sealGameLink(body, 'ff'.repeat(64)), bob.publicKey)).toBe('bad-signature');
    expect(check(sealGameLink(body, '00'.repeat(64)), 'ff'.repeat(32))).toBe('bad-signature');
  });

  it('links stay short: a 19×19 link at move 30, unsigned, signed, and signed with the key', () => {
    const options = { state: game30, names, friend: friendOf(2) };
    const unsigned = formatGameLink(options).length;
    const signed = signGameLink(options, bob.secretKey, false).length;
    const withKey = signGameLink(options, bob.secretKey, true).length;
    console.log(`19x19 move-30 link: unsigned ${unsigned}, signed ${signed}, signed with key ${withKey} characters`);
    expect(signed - unsigned).toBe(88);
    expect(withKey - signed).toBe(45);
  });
});

describe('which links carry the key', () => {
  it.each([
    // [moves, my side, the other side's key pinned here, carries]
    [0, 1, false, true],
    [1, 1, false, true],
    [1, 1, true, true],
    [2, 1, true, false],
    [0, 2, true, true],
    [2, 2, true, true],
    [3, 2, true, false],
    [9, 2, false, true],
  ] as const)('%i moves, side %i, key pinned %s: %s', (moves, side, pinned, carries) => {
    expect(linkCarriesKey({ rules: rules19, moves: Array.from({ length: moves }, (_, i) => i) }, side, pinned)).toBe(
      carries,
    );
  });

  it("D-Pente: player 2 carries the key past player 1's four stones, their seat choice and their stone", () => {
    const rules = makeRules({ variant: 'd-pente' });
    const game = { rules, moves: [0, 1, 2, 3, 4], seatChoice: 'swap' as const };
    expect(linkCarriesKey(game, 2, true)).toBe(true);
    expect(linkCarriesKey({ ...game, moves: [0, 1, 2, 3, 4, 5] }, 2, true)).toBe(false);
  });
});

describe('a friend link arriving, signatures first', () => {
  const invitation = signGameLink(
    { state: randomGame(rules19, 1, 1), names: ['Alice', ''], friend: friendOf(1) },
    alice.secretKey,
    true,
  );
  const bobCopy = (moves: number) => ({ ...randomGame(rules19, moves, 1), mySide: 2 as const });

  it('an invitation: Bob joins and pins Alice’s key', () => {
    const result = signedLinkArrival(opened(invitation), null, { mine: bob.publicKey, theirs: null });
    expect(result).toEqual({
      ok: true,
      value: { arrival: { kind: 'join', mySide: 2 }, pin: alice.publicKey, signer: alice.publicKey },
    });
  });

  it('Alice’s next link, without her key, extends Bob’s copy; a forged one by Mallory is refused', () => {
    const keys = { mine: bob.publicKey, theirs: alice.publicKey };
    const state = randomGame(rules19, 3, 1);
    const next = signGameLink({ state, names, friend: friendOf(1) }, alice.secretKey, false);
    expect(signedLinkArrival(opened(next), bobCopy(2), keys)).toEqual({
      ok: true,
      value: { arrival: { kind: 'extend', added: 1 }, pin: null, signer: alice.publicKey },
    });
    const forged = signGameLink({ state, names, friend: friendOf(1) }, mallory.secretKey, true);
    expect(signedLinkArrival(opened(forged), bobCopy(2), keys)).toEqual({ ok: false, error: { kind: 'wrong-key' } });
  });

  it('Bob’s own link, opened on his device, is checked against his own key', () => {
    const keys = { mine: bob.publicKey, theirs: alice.publicKey };
    const mine = signGameLink({ state: randomGame(rules19, 2, 1), names, friend: friendOf(2) }, bob.secretKey, false);
    expect(signedLinkArrival(opened(mine), bobCopy(2), keys)).toMatchObject({
      ok: true,
      value: { arrival: { kind: 'same' } },
    });
    const byAlice = signGameLink(
      { state: randomGame(rules19, 2, 1), names, friend: friendOf(2) },
      alice.secretKey,
      false,
    );
    expect(signedLinkArrival(opened(byAlice), bobCopy(2), keys)).toEqual({
      ok: false,
      error: { kind: 'bad-signature' },
    });
  });

  it('a game from before signed links (no key pinned) reads unsigned links by the merge rule', () => {
    const plain = formatGameLink({ state: randomGame(rules19, 3, 1), names, friend: friendOf(1) });
    expect(signedLinkArrival(opened(plain), bobCopy(2), { mine: bob.publicKey, theirs: null })).toMatchObject({
      ok: true,
      value: { arrival: { kind: 'extend' }, pin: null, signer: null },
    });
  });

  it('a conflicting line signed by another key it carries (the friend’s other device) is let through as a conflict', () => {
    const keys = { mine: alice.publicKey, theirs: bob.publicKey };
    const aliceCopy = { ...randomGame(rules19, 2, 1), mySide: 1 as const };
    const otherLine = randomGame(rules19, 2, 7);
    expect(otherLine.moves[0]).toBe(aliceCopy.moves[0]);
    expect(otherLine.moves[1]).not.toBe(aliceCopy.moves[1]);
    const fromTablet = signGameLink({ state: otherLine, names, friend: friendOf(2) }, mallory.secretKey, true);
    expect(signedLinkArrival(opened(fromTablet), aliceCopy, keys)).toEqual({
      ok: true,
      value: { arrival: { kind: 'conflict', firstDifference: 2 }, pin: null, signer: mallory.publicKey },
    });
    // The same key carrying the game on (a move added to Alice's copy) is refused.
    const onwards = randomGame(rules19, 4, 1);
    const forged = signGameLink({ state: onwards, names, friend: friendOf(2) }, mallory.secretKey, true);
    expect(
      signedLinkArrival(opened(forged), { ...onwards, moves: onwards.moves.slice(0, 3), mySide: 1 }, keys),
    ).toEqual({
      ok: false,
      error: { kind: 'wrong-key' },
    });
    // A conflicting line whose signature does not match what it carries is refused too.
    const body = opened(fromTablet).link.seal!.signedText;
    const changed = body.replace(/\.g/, '.v0.g');
    const resealed = `${changed}${fromTablet.slice(body.length, -3)}`;
    expect(signedLinkArrival(opened(`${resealed}.${linkCheck(resealed)}`), aliceCopy, keys)).toEqual({
      ok: false,
      error: { kind: 'bad-signature' },
    });
  });
});

describe('a link is the same however often it is made', () => {
  it('signing is deterministic: a screen drawn twice shows and copies one link', () => {
    const options = { state: game30, names, friend: friendOf(2) };
    expect(signGameLink(options, bob.secretKey, true)).toBe(signGameLink(options, bob.secretKey, true));
  });
});
