import { describe, expect, it } from 'vitest';
import { generateSecretKey, getPublicKey, type Event } from 'nostr-tools/pure';
import type { ChallengeTerms } from '../../src/net/challenge-terms';
import {
  EMPTY_LOBBY,
  GONE_GRACE_SECONDS,
  LIVE_ANSWER_SECONDS,
  lobbyView,
  stepLobby,
  takeNotices,
  takePairings,
  type LobbyInput,
  type LobbyKeys,
  type LobbyState,
} from '../../src/net/lobby';
import { pairedGames } from '../../src/net/pairing';

const NOW = 1_800_000_000;
const keysOf = (secretKey: Uint8Array, blocked: string[] = []): LobbyKeys => ({
  me: getPublicKey(secretKey),
  secretKey,
  blocked: new Set(blocked),
});
const ALICE = keysOf(generateSecretKey());
const BOB = keysOf(generateSecretKey());
const CAROL = keysOf(generateSecretKey());
const LIVE: ChallengeTerms = {
  variant: 'pente',
  size: 19,
  clock: { kind: 'live', minutes: 5, incrementSeconds: 0 },
  games: 2,
  seat: 'random',
};
const CORRESPONDENCE: ChallengeTerms = { ...LIVE, clock: { kind: 'correspondence', daysPerMove: 3 } };

/** A device: its lobby state and everything it published, stepped input by input. */
class Device {
  state: LobbyState = EMPTY_LOBBY;
  sent: Event[] = [];
  constructor(readonly keys: LobbyKeys) {}
  step(input: LobbyInput): readonly Event[] {
    const { state, publish } = stepLobby(this.state, input, this.keys);
    this.state = state;
    this.sent.push(...publish);
    return publish;
  }
  hear(events: readonly Event[], now: number) {
    for (const event of events) this.step({ type: 'event', event, now });
  }
  view(now: number) {
    return lobbyView(this.state, this.keys, now);
  }
}

function challengeBy(device: Device, terms = LIVE, id = 'challenge0000001'): Event[] {
  return [...device.step({ type: 'challenge', id, terms, rating: null, now: NOW })];
}

describe('Play someone now', () => {
  it('pairs Alice and Bob: each sees the same two games, each colour once, whatever order the relays deliver', () => {
    const alice = new Device(ALICE);
    const bob = new Device(BOB);
    bob.hear(challengeBy(alice), NOW + 1);
    const [listed] = bob.view(NOW + 1).others;
    expect(listed?.challenge.author).toBe(ALICE.me);

    const acceptance = bob.step({ type: 'accept', challenge: listed!.challenge, now: NOW + 2 });
    expect(bob.view(NOW + 2).others[0]!.waiting).toBe(true);
    const answer = [...alice.step({ type: 'event', event: acceptance[0]!, now: NOW + 3 })];
    expect(answer).toHaveLength(2); // the confirmation, then the withdrawal
    // The withdrawal reaches Bob before the confirmation.
    bob.hear([...answer].reverse(), NOW + 4);

    const a = takePairings(alice.state).pairings;
    const b = takePairings(bob.state).pairings;
    expect(a).toEqual([
      { opponent: BOB.me, terms: LIVE, games: b[0]!.games, role: 'challenger', opponentRating: null },
    ]);
    expect(b).toEqual([
      { opponent: ALICE.me, terms: LIVE, games: a[0]!.games, role: 'acceptor', opponentRating: null },
    ]);
    expect(b[0]!.games.map((g) => g.acceptorPlays)).toEqual([1, 2]);
    // Nothing left open or waiting; no notice for Bob after the grace either.
    bob.step({ type: 'tick', now: NOW + 4 + GONE_GRACE_SECONDS });
    expect(takeNotices(bob.state).notices).toEqual([]);
    expect(alice.view(NOW + 5).mine).toEqual([]);
    expect(bob.view(NOW + 5).others).toEqual([]);
  });

  it('tells a second acceptor someone else was first, after the grace', () => {
    const alice = new Device(ALICE);
    const bob = new Device(BOB);
    const carol = new Device(CAROL);
    const challenge = challengeBy(alice);
    bob.hear(challenge, NOW);
    carol.hear(challenge, NOW);
    const fromBob = bob.step({ type: 'accept', challenge: bob.view(NOW).others[0]!.challenge, now: NOW + 1 });
    const fromCarol = carol.step({ type: 'accept', challenge: carol.view(NOW).others[0]!.challenge, now: NOW + 1 });
    const answer = alice.step({ type: 'event', event: fromBob[0]!, now: NOW + 2 });
    expect(alice.step({ type: 'event', event: fromCarol[0]!, now: NOW + 2 })).toEqual([]); // taken already
    expect(takePairings(alice.state).pairings).toHaveLength(1);

    carol.hear(answer, NOW + 3); // the confirmation is Bob's; the withdrawal is public
    carol.step({ type: 'tick', now: NOW + 3 + GONE_GRACE_SECONDS - 1 });
    expect(takeNotices(carol.state).notices).toEqual([]);
    carol.step({ type: 'tick', now: NOW + 3 + GONE_GRACE_SECONDS });
    expect(takeNotices(carol.state).notices.map((n) => n.kind)).toEqual(['taken']);
    expect(takePairings(carol.state).pairings).toEqual([]);
  });

  it('ends a live wait with "no answer", but a correspondence one waits as long as the challenge lives', () => {
    for (const [terms, silent] of [
      [LIVE, true],
      [CORRESPONDENCE, false],
    ] as const) {
      const alice = new Device(ALICE);
      const bob = new Device(BOB);
      bob.hear(challengeBy(alice, terms), NOW);
      bob.step({ type: 'accept', challenge: bob.view(NOW).others[0]!.challenge, now: NOW });
      bob.step({ type: 'tick', now: NOW + LIVE_ANSWER_SECONDS - 1 });
      expect(takeNotices(bob.state).notices).toEqual([]);
      bob.step({ type: 'tick', now: NOW + LIVE_ANSWER_SECONDS });
      expect(takeNotices(bob.state).notices.map((n) => n.kind)).toEqual(silent ? ['no-answer'] : []);
    }
  });

  it('takes an acceptance after a restart: the open challenge comes back from the relay', () => {
    const before = new Device(ALICE);
    const bob = new Device(BOB);
    const challenge = challengeBy(before, CORRESPONDENCE);
    bob.hear(challenge, NOW);
    const acceptance = bob.step({ type: 'accept', challenge: bob.view(NOW).others[0]!.challenge, now: NOW + 60 });

    const after = new Device(ALICE); // a fresh start: nothing in memory
    after.hear([...challenge, ...acceptance], NOW + 3600);
    expect(takePairings(after.state).pairings).toEqual([
      {
        opponent: BOB.me,
        terms: CORRESPONDENCE,
        games: pairedGames(bob.view(NOW).others[0]!.challenge, BOB.me),
        role: 'challenger',
        opponentRating: null,
      },
    ]);
  });

  it('withdraws a challenge: it leaves every list, and a withdrawal from another of my devices counts too', () => {
    const alice = new Device(ALICE);
    const bob = new Device(BOB);
    const challenge = challengeBy(alice);
    bob.hear(challenge, NOW);
    const withdrawal = alice.step({ type: 'withdraw', id: 'challenge0000001', now: NOW });
    expect(withdrawal).toHaveLength(1);
    expect(withdrawal[0]!.created_at).toBe(NOW + 1); // newer than the challenge, to replace it
    expect(alice.view(NOW + 1).mine).toEqual([]);
    bob.hear(withdrawal, NOW + 1);
    expect(bob.view(NOW + 1).others).toEqual([]);

    const phone = new Device(ALICE);
    phone.hear([...challenge, ...withdrawal], NOW + 2);
    expect(phone.view(NOW + 2).mine).toEqual([]);
  });

  it('ignores a blocked key’s acceptance, my own challenge, and a second accept of the same one', () => {
    const alice = new Device(keysOf(ALICE.secretKey, [BOB.me]));
    const bob = new Device(BOB);
    const challenge = challengeBy(alice);
    expect(alice.step({ type: 'accept', challenge: alice.view(NOW).mine[0]!, now: NOW })).toEqual([]);
    bob.hear(challenge, NOW);
    const listed = bob.view(NOW).others[0]!.challenge;
    const acceptance = bob.step({ type: 'accept', challenge: listed, now: NOW });
    expect(bob.step({ type: 'accept', challenge: listed, now: NOW + 1 })).toEqual([]);
    expect(alice.step({ type: 'event', event: acceptance[0]!, now: NOW + 1 })).toEqual([]);
    expect(takePairings(alice.state).pairings).toEqual([]);
    expect(alice.view(NOW + 1).mine).toHaveLength(1);
  });

  it('drops what expired on a tick', () => {
    const alice = new Device(ALICE);
    const bob = new Device(BOB);
    bob.hear(challengeBy(alice), NOW);
    const expiry = bob.view(NOW).others[0]!.challenge.expiresAt;
    bob.step({ type: 'tick', now: expiry });
    alice.step({ type: 'tick', now: expiry });
    expect(bob.state.board.entries.size).toBe(0);
    expect(alice.state.mine).toEqual([]);
  });
});

describe('the opponent’s claimed rating, kept with the pairing', () => {
  it('gives each side the other’s: the challenger the acceptance’s, the acceptor the challenge’s', () => {
    const alice = new Device(ALICE);
    const bob = new Device(BOB);
    const aliceClaims = { rating: 1720, deviation: 60, games: 40 };
    const bobClaims = { rating: 1480, deviation: 120, games: 6 };
    bob.hear(
      alice.step({ type: 'challenge', id: 'challenge0000001', terms: LIVE, rating: aliceClaims, now: NOW }),
      NOW,
    );
    const challenge = bob.view(NOW + 1).others[0]!.challenge;
    const acceptance = bob.step({ type: 'accept', challenge, now: NOW + 1, rating: bobClaims });
    bob.hear(alice.step({ type: 'event', event: acceptance[0]!, now: NOW + 2 }), NOW + 3);
    expect(takePairings(alice.state).pairings.map((p) => p.opponentRating)).toEqual([bobClaims]);
    expect(takePairings(bob.state).pairings.map((p) => p.opponentRating)).toEqual([aliceClaims]);
  });
});
