/** The words of a challenge's terms and ratings, for the lists and the form ("Play someone now"). */
import type { ClaimedRating, OpenChallenge } from '../../net/challenges';
import type { ChallengeTerms } from '../../net/challenge-terms';
import { fingerprint } from '../../net/identity';
import { isProvisional } from '../../net/people-rating';
import { colourName, variantName } from '../words/game-words';
import * as m from '../words/paraglide/messages.js';

export const clockWords = (clock: ChallengeTerms['clock']): string =>
  clock.kind === 'live'
    ? m.people_clock_live_terms({ minutes: clock.minutes, seconds: clock.incrementSeconds })
    : m.people_days_terms({ count: clock.daysPerMove });

/** The game a challenge offers: "Pente 19×19" (its clock beside it: clockWords). */
export const gameWords = (terms: ChallengeTerms): string => `${variantName(terms.variant)} ${terms.size}×${terms.size}`;

/** Who plays which colour, from the side of `viewer` (the challenger for one's own, else the acceptor). */
export function seatWords(terms: ChallengeTerms, viewer: 'challenger' | 'acceptor'): string {
  if (terms.games === 2) return m.people_set_of_two();
  if (terms.seat === 'random') return m.people_you_play_random();
  const challengerPlays = terms.seat === 'black' ? 1 : 2;
  return m.people_you_play({
    colour: colourName(viewer === 'challenger' ? challengerPlays : challengerPlays === 1 ? 2 : 1),
  });
}

/** A claimed rating, labelled as the challenger's own record of games against people. */
export function ratingWords(rating: ClaimedRating | null): string {
  if (!rating || rating.games === 0) return m.people_rating_new();
  const shown = isProvisional(rating) ? `${rating.rating}?` : String(rating.rating);
  return m.people_rating({ rating: shown, count: rating.games });
}

/** How a stranger is named on screen: their key's fingerprint, which they can read out to compare. */
export const playerWords = (challenge: Pick<OpenChallenge, 'author'>): string => fingerprint(challenge.author);

export { PHRASE_WORDS } from '../online/live/phrase-words';
