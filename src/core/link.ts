/**
 * A game in a link: the rules and the moves in a few URL-safe characters, so a game can be sent as a
 * link and opened by the app with nothing else (offline too: the link carries the whole game).
 *
 * The code is `1` (the format's version), one character for the rules (variant, size, tournament rule:
 * 6 × 3 × 2 = 36 combinations, one base-64url digit), then two base-64url digits per move, the column and
 * the row (top row 0), so any board up to 64×64 fits. Names, dates and clocks are not carried: a link
 * says what happened on the board, and the record text says the rest.
 */
import { type Point, pointOf, xOf, yOf } from './board';
import { type GameState, replay } from './game';
import { type Result, err, ok } from './result';
import { BOARD_SIZES, type Rules, VARIANT_IDS, VARIANTS, makeRules } from './variants';

/** base64url's alphabet (RFC 4648 §5): safe in a URL's path and hash without escaping. */
const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VERSION = '1';

export interface GameLinkError {
  readonly message: string;
}

const rulesDigit = (rules: Rules): string =>
  DIGITS[
    (VARIANT_IDS.indexOf(rules.variant.id) * BOARD_SIZES.length + BOARD_SIZES.indexOf(rules.size)) * 2 +
      (rules.tournamentRule ? 1 : 0)
  ]!;

/** The code for a game: `rules` and the moves played so far, in order. */
export function encodeGameLink(rules: Rules, moves: readonly Point[]): string {
  let code = VERSION + rulesDigit(rules);
  for (const p of moves) code += DIGITS[xOf(rules.size, p)]! + DIGITS[yOf(rules.size, p)]!;
  return code;
}

const fail = (message: string) => err<GameLinkError>({ message: `This game link cannot be read: ${message}` });

/**
 * The game a code names, replayed through the rules; a clear error for a code that is cut short, has a
 * character that is not ours, names a point off the board or a move the rules forbid.
 */
export function decodeGameLink(code: string): Result<GameState, GameLinkError> {
  const text = code.trim();
  if (text === '') return fail('it is empty.');
  if (text[0] !== VERSION) return fail('it was made in a format this app does not know.');
  if (text.length < 2) return fail('it is cut short.');
  const rulesIndex = DIGITS.indexOf(text[1]!);
  const variantId = VARIANT_IDS[Math.floor(rulesIndex / 2 / BOARD_SIZES.length)];
  if (rulesIndex < 0 || variantId === undefined) return fail('it names no game this app plays.');
  const size = BOARD_SIZES[Math.floor(rulesIndex / 2) % BOARD_SIZES.length]!;
  const tournamentRule = rulesIndex % 2 === 1;
  if (tournamentRule && !VARIANTS[variantId].tournamentRule) return fail('it names no game this app plays.');
  const rules = makeRules({ variant: variantId, size, tournamentRule });

  const body = text.slice(2);
  if (body.length % 2 !== 0) return fail('it is cut short (half a move at the end).');
  if (body.length / 2 > size * size) return fail('it holds more moves than the board has points.');
  const moves: Point[] = [];
  for (let i = 0; i < body.length; i += 2) {
    const x = DIGITS.indexOf(body[i]!);
    const y = DIGITS.indexOf(body[i + 1]!);
    const ply = i / 2 + 1;
    if (x < 0 || y < 0) return fail(`move ${ply} has a character that is not part of a game link.`);
    if (x >= size || y >= size) return fail(`move ${ply} is off the ${size}×${size} board.`);
    moves.push(pointOf(size, x, y));
  }
  const replayed = replay(rules, moves);
  if (!replayed.ok) {
    return fail(`move ${replayed.error.ply + 1} is not allowed by the rules (${replayed.error.illegal.message}).`);
  }
  return ok(replayed.value);
}
