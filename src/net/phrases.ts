/**
 * The few things strangers can say to each other (issue 30: no free text between strangers): each is an
 * id on the wire and words in the catalogues, so nobody can send words of their own choosing and each side
 * reads the phrase in their own language. A phrase travels in a presence event of the game (game-events.ts
 * PresenceEnvelope.phrase: signed, encrypted to the two players, ephemeral: said to whoever is here).
 */
export const PHRASES = [
  'hello',
  'good-luck',
  'thanks',
  'oops',
  'well-played',
  'good-game',
  'rematch',
  'must-go',
] as const;
export type Phrase = (typeof PHRASES)[number];

/** A phrase id from an event, or null for anything else (unknown ids are dropped, never shown). */
export const parsePhrase = (value: unknown): Phrase | null =>
  typeof value === 'string' && (PHRASES as readonly string[]).includes(value) ? (value as Phrase) : null;
