/**
 * The preset phrases players may say to each other (net/phrases.ts: ids on the wire, words here), in the
 * reader's own language: the only words that pass between strangers. Its own small module: the play
 * screen shows them without loading the people screens' or the network's code.
 */
import type { Phrase } from '../../../net/phrases';
import * as m from '../../words/paraglide/messages.js';

export const PHRASE_WORDS: { readonly [P in Phrase]: () => string } = {
  hello: m.people_phrase_hello,
  'good-luck': m.people_phrase_good_luck,
  thanks: m.people_phrase_thanks,
  oops: m.people_phrase_oops,
  'well-played': m.people_phrase_well_played,
  'good-game': m.people_phrase_good_game,
  rematch: m.people_phrase_rematch,
  'must-go': m.people_phrase_must_go,
};
