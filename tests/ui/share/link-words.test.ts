/**
 * parseGameLink returns what is wrong with a link as data; src/ui/share/link-words.ts words it. Every kind
 * (the table must name each: the compiler checks) has its own sentence in en, de and zh, with its data.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type GameLinkProblem, moveNumberOf, parseGameLink } from '../../../src/core';
import { linkProblemText } from '../../../src/ui/share/link-words';
import { type Locale, languageChoice } from '../../../src/ui/words/locale';

type Samples = { readonly [K in GameLinkProblem['kind']]: readonly Extract<GameLinkProblem, { kind: K }>[] };

const SAMPLES: Samples = {
  empty: [{ kind: 'empty' }],
  'unknown-format': [{ kind: 'unknown-format' }],
  'cut-short': [{ kind: 'cut-short' }],
  'too-long': [{ kind: 'too-long' }],
  'no-such-game': [{ kind: 'no-such-game' }],
  'too-many-moves': [{ kind: 'too-many-moves' }],
  'bad-character': [
    { kind: 'bad-character', move: null },
    { kind: 'bad-character', move: 17 },
  ],
  'off-board': [{ kind: 'off-board', move: 17, size: 13 }],
  'illegal-move': [{ kind: 'illegal-move', move: 17, point: 'M13', reason: 'occupied', centre: 'K10' }],
  changed: [{ kind: 'changed' }],
  'bad-name': [
    { kind: 'bad-name', fault: { kind: 'not-encoded' } },
    { kind: 'bad-name', fault: { kind: 'not-text' } },
    { kind: 'bad-name', fault: { kind: 'too-long', max: 60 } },
    { kind: 'bad-name', fault: { kind: 'hidden-character', character: 'U+200B' } },
    { kind: 'bad-name', fault: { kind: 'spaces' } },
  ],
  'repeated-field': [{ kind: 'repeated-field' }],
  'unknown-field': [{ kind: 'unknown-field' }],
  'friend-incomplete': [{ kind: 'friend-incomplete' }],
  'after-signature': [{ kind: 'after-signature' }],
  'key-without-signature': [{ kind: 'key-without-signature' }],
  'out-of-turn': [{ kind: 'out-of-turn', move: 17 }],
  'step-not-due': [{ kind: 'step-not-due', move: 5 }],
};

const LOCALES: readonly Locale[] = ['en', 'de', 'zh'];

afterEach(() => {
  languageChoice.value = 'auto';
});

describe('a game link that cannot be read, in words', () => {
  const cases = Object.values(SAMPLES).flat() as GameLinkProblem[];
  it.each(cases.map((p) => [JSON.stringify(p), p] as const))('%s in en, de and zh', (_, problem) => {
    const words = {} as Record<Locale, string>;
    for (const l of LOCALES) {
      languageChoice.value = l;
      words[l] = linkProblemText(problem);
      expect(words[l], l).not.toMatch(/\{|\}|undefined/);
      for (const data of ['move', 'size', 'point', 'max', 'character'] as const) {
        const value =
          (problem as Record<string, unknown>)[data] ?? (problem as { fault?: Record<string, unknown> }).fault?.[data];
        // A move is named as the move list numbers it: stone 17 is Black's move 9.
        const shown = data === 'move' && typeof value === 'number' ? moveNumberOf(value) : value;
        if (typeof shown === 'number' || typeof shown === 'string')
          expect(words[l], `${l} ${data}`).toContain(String(shown));
      }
    }
    expect(words.de).not.toBe(words.en);
    expect(words.zh).not.toBe(words.en);
  });

  it('gives each kind its own sentence', () => {
    languageChoice.value = 'de';
    const sentences = cases.map(linkProblemText);
    expect(new Set(sentences).size).toBe(sentences.length);
  });

  it('words what the core found in a garbled link', () => {
    const parsed = parseGameLink('1');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.error.problem).toEqual({ kind: 'cut-short' });
    languageChoice.value = 'de';
    expect(linkProblemText(parsed.error.problem)).toBe(
      'Dieser Spiel-Link lässt sich nicht lesen: Er ist unvollständig.',
    );
  });
});
