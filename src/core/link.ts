/**
 * A game in a link: the rules and the moves in a few URL-safe characters, so a game can be sent as a
 * link and opened by the app with nothing else (offline too: the link carries the whole game).
 *
 * The code is `1` (the format's version), one character for the rules (variant, size, tournament rule:
 * 6 × 3 × 2 = 36 combinations, one base-64url digit), then two base-64url digits per move, the column and
 * the row (top row 0), so any board up to 64×64 fits. Version 1 carries only the board's story; the
 * puzzle pack's lines are version 1 codes. Version 2 (below) adds the names, the move shown, an ending the
 * moves do not show, and a friend game's marks: what the Share sheet and correspondence games send.
 */
import { type Player, type Point, centreOf, opponent, pointOf, xOf, yOf } from './board';
import { formatPoint } from './coords';
import {
  type GameState,
  type IllegalReason,
  type SeatChoice,
  concede,
  illegality,
  newGame,
  replay,
  seatChoiceDue,
} from './game';
import { type GameAction, type SeatStep, actionsOf, isOpeningStep, personToActIn, takeAction } from './game-actions';
import { FRIEND_GAME_ID, type LinkClock, formatLinkClock, parseLinkClock } from './link-fields';
import { type Result, err, ok } from './result';
import { BOARD_SIZES, type BoardSize, type Rules, VARIANT_IDS, VARIANTS, type VariantId, makeRules } from './variants';

/** base64url's alphabet (RFC 4648 §5): safe in a URL's path and hash without escaping. */
const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VERSION = '1';

/** What is wrong with a game link, as data (the UI words it); `message` says it in English, for logs. */
export type GameLinkProblem =
  | { readonly kind: 'empty' }
  | { readonly kind: 'unknown-format' }
  | { readonly kind: 'cut-short' }
  | { readonly kind: 'too-long' }
  | { readonly kind: 'no-such-game' }
  | { readonly kind: 'too-many-moves' }
  /** A character no link holds: in move `move` (from 1), or anywhere (null). */
  | { readonly kind: 'bad-character'; readonly move: number | null }
  | { readonly kind: 'off-board'; readonly move: number; readonly size: number }
  /** Move `move` (from 1) at `point` breaks a rule; `centre` for the centre-first rule's words. */
  | {
      readonly kind: 'illegal-move';
      readonly move: number;
      readonly point: string;
      readonly reason: IllegalReason;
      readonly centre: string;
    }
  /** The check does not match: cut short or changed on the way. */
  | { readonly kind: 'changed' }
  | { readonly kind: 'bad-name'; readonly fault: LinkNameFault }
  | { readonly kind: 'repeated-field' }
  | { readonly kind: 'unknown-field' }
  | { readonly kind: 'friend-incomplete' }
  /** Something follows the signature, which is always the last field. */
  | { readonly kind: 'after-signature' }
  /** A key to check a signature by, but no signature. */
  | { readonly kind: 'key-without-signature' }
  | { readonly kind: 'out-of-turn'; readonly move: number }
  /** An opening step (a seat choice, Swap2's pass) where none is due, before move `move` (from 1). */
  | { readonly kind: 'step-not-due'; readonly move: number };

/** Why a name in a link is not one: not encoded as links encode names, not text, too long, a hidden character, spaces. */
export type LinkNameFault =
  | { readonly kind: 'not-encoded' }
  | { readonly kind: 'not-text' }
  | { readonly kind: 'too-long'; readonly max: number }
  | { readonly kind: 'hidden-character'; readonly character: string }
  | { readonly kind: 'spaces' };

export interface GameLinkError {
  readonly problem: GameLinkProblem;
  readonly message: string;
}

/** The variants and sizes of the first links (one rules digit): their digits never change. */
const FIRST_VARIANTS = 6;
const FIRST_SIZES: readonly BoardSize[] = [9, 13, 19];
/** Marks rules written as three characters: `_`, the variant's index, then size index × 2 + tournament rule. */
const LONG_RULES = '_';
/** The opening steps, each written as a pair no point can be (a board is at most 19 wide). */
const STEP_CODES: Readonly<Record<SeatStep, string>> = { keep: '--', swap: '__', pass: '-_' };
const STEP_OF_CODE = new Map(Object.entries(STEP_CODES).map(([step, code]) => [code, step as SeatStep]));

/**
 * The rules' code: one digit for the games and boards of the first links (6 games × 3 boards × 2 = 36
 * digits, unchanged so old links open as before), else `_` and two digits (any game, any board).
 */
function rulesCode(rules: Rules): string {
  const variant = VARIANT_IDS.indexOf(rules.variant.id);
  const tournament = rules.tournamentRule ? 1 : 0;
  const first = FIRST_SIZES.indexOf(rules.size);
  if (variant < FIRST_VARIANTS && first >= 0) return DIGITS[(variant * FIRST_SIZES.length + first) * 2 + tournament]!;
  return LONG_RULES + DIGITS[variant]! + DIGITS[BOARD_SIZES.indexOf(rules.size) * 2 + tournament]!;
}

/** The value of the digit at `i` (-1: none there, or not a digit; indexOf('') would say 0). */
const digitAt = (text: string, i: number): number => (i < text.length ? DIGITS.indexOf(text[i]!) : -1);

/** The rules a code starts with and how many characters they took; null for rules no game of ours has. */
function readRulesCode(text: string): { readonly rules: Rules; readonly length: number } | null {
  let variantId: VariantId | undefined;
  let size: BoardSize | undefined;
  let tournamentRule: boolean;
  let length = 1;
  if (text[0] === LONG_RULES) {
    variantId = VARIANT_IDS[digitAt(text, 1)];
    const rest = digitAt(text, 2);
    size = rest < 0 ? undefined : BOARD_SIZES[rest >> 1];
    tournamentRule = rest % 2 === 1;
    length = 3;
  } else {
    const index = digitAt(text, 0);
    variantId =
      index < 0 ? undefined : VARIANT_IDS.slice(0, FIRST_VARIANTS)[Math.floor(index / 2 / FIRST_SIZES.length)];
    size = FIRST_SIZES[Math.floor(index / 2) % FIRST_SIZES.length];
    tournamentRule = index % 2 === 1;
  }
  if (variantId === undefined || size === undefined) return null;
  // Renju's opening (its swaps, offers and passes) has no code in links yet: no link is a Renju game.
  if (VARIANTS[variantId].renju) return null;
  if (tournamentRule && !VARIANTS[variantId].tournamentRule) return null;
  return { rules: makeRules({ variant: variantId, size, tournamentRule }), length };
}

/**
 * The code for a game: `rules` and its actions in playing order (core's actionsOf): two digits per stone,
 * and an opening step as a pair no point can be (a board is at most 19 wide): the seat choice after the
 * stones it is made on (D-Pente's fourth, Swap2's third or, after a pass, fifth), Swap2's pass after the
 * third. A game whose moves went past the seat choice without one says 'keep' (as links always have).
 */
export function encodeGameLink(
  rules: Rules,
  moves: readonly Point[],
  seatChoice: SeatChoice | null = null,
  swap2Pass = false,
): string {
  const after = rules.variant.seatChoiceAfter;
  const choice = seatChoice ?? (after !== null && moves.length > after + (swap2Pass ? 2 : 0) ? 'keep' : null);
  let code = VERSION + rulesCode(rules);
  for (const action of actionsOf({ rules, moves, seatChoice: choice, swap2Pass })) {
    code += isOpeningStep(action)
      ? STEP_CODES[action]
      : DIGITS[xOf(rules.size, action)]! + DIGITS[yOf(rules.size, action)]!;
  }
  return code;
}

const fail = (problem: GameLinkProblem, message: string) =>
  err<GameLinkError>({ problem, message: `This game link cannot be read: ${message}` });

/**
 * The game a code names, replayed through the rules; a clear error for a code that is cut short, has a
 * character that is not ours, names a point off the board or a move the rules forbid.
 */
export function decodeGameLink(code: string): Result<GameState, GameLinkError> {
  const text = code.trim();
  if (text === '') return fail({ kind: 'empty' }, 'it is empty.');
  if (text[0] !== VERSION) return fail({ kind: 'unknown-format' }, 'it was made in a format this app does not know.');
  if (text.length < 2) return fail({ kind: 'cut-short' }, 'it is cut short.');
  const read = readRulesCode(text.slice(1));
  if (!read) return fail({ kind: 'no-such-game' }, 'it names no game this app plays.');
  const { rules } = read;
  const { size } = rules;

  const body = text.slice(1 + read.length);
  if (body.length % 2 !== 0) return fail({ kind: 'cut-short' }, 'it is cut short (half a move at the end).');
  // The actions: stones, and in a game with a seat choice the opening steps' pairs (STEP_CODES).
  const hasSteps = rules.variant.seatChoiceAfter !== null;
  const actions: GameAction[] = [];
  let stones = 0;
  for (let i = 0; i < body.length; i += 2) {
    const step = hasSteps ? STEP_OF_CODE.get(body.slice(i, i + 2)) : undefined;
    if (step) {
      actions.push(step);
      continue;
    }
    const x = DIGITS.indexOf(body[i]!);
    const y = DIGITS.indexOf(body[i + 1]!);
    const ply = ++stones;
    if (ply > size * size) return fail({ kind: 'too-many-moves' }, 'it holds more moves than the board has points.');
    if (x < 0 || y < 0)
      return fail({ kind: 'bad-character', move: ply }, `move ${ply} has a character that is not part of a game link.`);
    if (x >= size || y >= size)
      return fail({ kind: 'off-board', move: ply, size }, `move ${ply} is off the ${size}×${size} board.`);
    actions.push(pointOf(size, x, y));
  }
  return replayLinkActions(rules, actions);
}

/**
 * The game a link's actions make. A step where none is due is refused, naming what is due; a stone where
 * the seat choice is due and the link says none is played after 'keep' (the stones do not depend on the
 * choice: links have always read so).
 */
function replayLinkActions(rules: Rules, actions: readonly GameAction[]): Result<GameState, GameLinkError> {
  let state = newGame(rules);
  let stones = 0;
  for (const action of actions) {
    if (!isOpeningStep(action) && seatChoiceDue(state)) state = { ...state, seatChoice: 'keep' };
    const next = takeAction(state, action);
    if (!next.ok) {
      if (isOpeningStep(action))
        return fail({ kind: 'step-not-due', move: stones + 1 }, `before move ${stones + 1}: ${next.error.message}`);
      const illegal = illegality(state, action);
      return fail(
        {
          kind: 'illegal-move',
          move: stones + 1,
          point: formatPoint(rules.size, action),
          reason: illegal?.reason ?? 'seat-choice-due',
          centre: formatPoint(rules.size, centreOf(rules.size)),
        },
        `move ${stones + 1} is not allowed by the rules (${next.error.message}).`,
      );
    }
    if (!isOpeningStep(action)) stones++;
    state = next.value;
  }
  return ok(state);
}

// ── Version 2: the game with its names, the move shown, how it ended, and a friend game's id ─────────────

/**
 * The code is `2`, the rules digit and the moves as in version 1, then fields separated by dots: player
 * 1's name, player 2's name (each UTF-8 in base64url; empty for a name not known yet, as a friend's in an
 * invitation), any tagged fields (`v<ply>` the move shown when it is not the last, `e<loser><r|t>` or `ed`
 * an ending the moves do not show (a resignation, time, a draw), `g<id>` and `s<side>` a friend game's
 * id and the side whose device made the link, `r<relays>` the relays the sender reads (relay hints:
 * formatRelayHints), `t<seconds>-<seconds>` a live game's clock (each side's time, and what each move
 * adds: LinkClock), `k<key>` the sender's public key and `x<signature>` a
 * signature of everything before it, always the last tag: see LinkSeal), and last a two-digit check of
 * everything before it, so a link cut short or changed on the way is refused rather than read as another
 * game. A 150-move game with two 20-letter names is about 400 characters.
 *
 * Version 3 is version 2 with a check that catches every link changed in any one character, or with two
 * neighbours swapped (`linkCheck`); version 2's hash let about one such change in 2,500 through (a friend
 * game's id or a name read as another). The app writes version 3 and still reads version 2.
 */
const VERSION_2 = '2';
const VERSION_3 = '3';
/** Far more than any game needs (a full 19×19 board with the longest names is about 1,300): a bound. */
export const MAX_LINK_LENGTH = 4000;
/** The longest name a link carries (storage's limit too). */
export const MAX_LINK_NAME_LENGTH = 60;
/** How a game ended when its moves do not say so. */
export type LinkEnding =
  | { readonly winner: Player; readonly reason: 'resignation' | 'time' }
  | { readonly winner: null; readonly reason: 'draw' };

/** A correspondence game's marks: its id, and the side whose device made this link. */
export interface FriendMark {
  readonly gameId: string;
  readonly sender: Player;
}

/**
 * A signed link's seal, as bytes: the core only reads and writes them (it may use no package); the net
 * layer (src/net/link-signature.ts) makes and checks the signature, a BIP-340 Schnorr signature by the
 * sender's Nostr key over `signedText` and the sender's key.
 */
export interface LinkSeal {
  /** The link's text the signature covers: everything before its `x` tag. */
  readonly signedText: string;
  /** The 64-byte signature, as 128 hex digits. */
  readonly signature: string;
  /** The sender's 32-byte public key (64 hex digits) when the link carries it (`k`), else null. */
  readonly publicKey: string | null;
}

/** What a link carries. */
export interface GameLink {
  readonly rules: Rules;
  readonly moves: readonly Point[];
  /** Player 1's and player 2's names ('' not known); null in a version 1 link, which has none. */
  readonly names: readonly [string, string] | null;
  /** The move the sender was looking at (null: the last). */
  readonly shownPly: number | null;
  readonly ending: LinkEnding | null;
  readonly friend: FriendMark | null;
  /** The sender's signature (null: an unsigned link, as every link made before issue 30). */
  readonly seal: LinkSeal | null;
  /** The relays the sender reads (`r`: relay hints, sent with the sender's key); empty when the link has none. */
  readonly relays: readonly string[];
  /** A live friend game's clock (`t`), or null: untimed (and every link made before clocks). */
  readonly clock: LinkClock | null;
}

/** A link read: what it carries, and the game it names replayed through the rules (its ending applied). */
export interface OpenedLink {
  readonly link: GameLink;
  readonly state: GameState;
}

const utf8 = new TextEncoder();

function base64url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const digits = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let d = 0; d < digits; d++) out += DIGITS[(n >> (18 - 6 * d)) & 63]!;
  }
  return out;
}

/** The bytes of base64url text without padding, or null for text that is not that. */
function fromBase64url(text: string): Uint8Array | null {
  if (text.length % 4 === 1) return null;
  const bytes = new Uint8Array(Math.floor((text.length * 6) / 8));
  let n = 0;
  let bits = 0;
  let at = 0;
  for (const c of text) {
    const d = DIGITS.indexOf(c);
    if (d < 0) return null;
    n = (n << 6) | d;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[at++] = (n >> bits) & 255;
    }
  }
  // The bits left over must be zero: else two codes would name the same bytes.
  return (n & ((1 << bits) - 1)) === 0 ? bytes : null;
}

const hexOf = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** The bytes of `hex` (an even number of lowercase hex digits), or null. */
function fromHex(hex: string): Uint8Array | null {
  if (!/^(?:[0-9a-f]{2})*$/.test(hex)) return null;
  return Uint8Array.from({ length: hex.length / 2 }, (_, i) => parseInt(hex.slice(2 * i, 2 * i + 2), 16));
}

/** A 32-byte key (43 base64url digits) or a 64-byte signature (86), as hex; null for anything else. */
function readBytes(field: string, length: 32 | 64): string | null {
  const bytes = fromBase64url(field);
  return bytes && bytes.length === length && field.length === Math.ceil((length * 8) / 6) ? hexOf(bytes) : null;
}

/**
 * Characters a name may not hold, because they are invisible or change how the text around them shows, so
 * one name could pass for another ("B\u200Bob" shows as "Bob"): controls (Cc), format characters (Cf:
 * zero-width spaces and joiners, the soft hyphen, the byte-order mark, the marks that reorder text), line
 * and paragraph separators (Zl, Zp) and every other default-ignorable code point (the Hangul fillers, the
 * variation selectors…). A link that carries one is refused, not cleaned: what the sender's app writes never
 * holds one (formatGameLink leaves them out), so such a link was made by hand to show a name it does not hold.
 */
const NOT_IN_NAMES = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;
/** Emoji keep their own glue: a variation selector right after an emoji, a zero-width joiner between two. */
const EMOJI_GLUE =
  /(?<=\p{Extended_Pictographic}\p{Emoji_Modifier}?)\uFE0F|(?<=\p{Extended_Pictographic}(?:\p{Emoji_Modifier}|\uFE0F)?)\u200D(?=\p{Extended_Pictographic})/u;
/** Matches emoji glue (group 1) or a character a name may not hold. */
const GLUE_OR_HIDDEN = new RegExp(`(${EMOJI_GLUE.source})|${NOT_IN_NAMES.source}`, 'gu');

/** `name` without the characters a name may not hold (emoji keep their glue). */
const withoutHidden = (name: string): string => name.replace(GLUE_OR_HIDDEN, (_, glue?: string) => glue ?? '');

/** The first character of `name` that a name may not hold, as U+XXXX, or null. */
function hiddenCharacter(name: string): string | null {
  for (const [found, glue] of name.matchAll(GLUE_OR_HIDDEN)) {
    if (glue === undefined) return `U+${found.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return null;
}

/** Why `name` is not a name a link may carry (too long, an invisible character), or null. */
export function linkNameFault(name: string): LinkNameFault | null {
  if (name.length > MAX_LINK_NAME_LENGTH) return { kind: 'too-long', max: MAX_LINK_NAME_LENGTH };
  const hidden = hiddenCharacter(name);
  if (hidden) return { kind: 'hidden-character', character: hidden };
  if (name !== name.trim()) return { kind: 'spaces' };
  return null;
}

/** A name's fault in English, for the log. */
function nameFaultMessage(fault: LinkNameFault): string {
  switch (fault.kind) {
    case 'not-encoded':
      return 'a name is not written as a link writes names';
    case 'not-text':
      return 'a name is not text';
    case 'too-long':
      return `a name is longer than ${fault.max} characters`;
    case 'hidden-character':
      return `a name holds an invisible or control character (${fault.character})`;
    case 'spaces':
      return 'a name starts or ends with spaces';
  }
}

const utf8Strict = new TextDecoder('utf-8', { fatal: true });

function readName(field: string): Result<string, LinkNameFault> {
  const bytes = fromBase64url(field);
  if (!bytes) return err({ kind: 'not-encoded' });
  let name: string;
  try {
    name = utf8Strict.decode(bytes);
  } catch {
    return err({ kind: 'not-text' });
  }
  const fault = linkNameFault(name);
  return fault ? err(fault) : ok(name);
}

/** The prime modulus of version 3's check: the largest below 64², so it fits two base64url digits. */
const CHECK_PRIME = 4093;

/**
 * The check of a code's body, as two base64url digits, by the body's version: it catches a link cut short
 * or garbled on the way. It is no seal (anyone can compute it): the merge rule judges what a link says.
 *
 * Version 3: the sum of each character's code times its position (from 1), modulo a prime. Changing one
 * character by d at position i changes the sum by d·i, which no prime above both divides: as bodies are
 * shorter than the prime (MAX_LINK_LENGTH) and hold only ASCII (below it), every one-character change is
 * caught, and so is every swap of two different neighbours (a change of their difference).
 * Version 2 (links made before): a 12-bit FNV-1a hash, folded; it misses about one change in 4,096.
 */
export function linkCheck(body: string): string {
  let h = 0;
  if (body[0] === VERSION_2) {
    h = 2166136261;
    for (let i = 0; i < body.length; i++) h = Math.imul(h ^ body.charCodeAt(i), 16777619);
    h = (h ^ (h >>> 12) ^ (h >>> 24)) & 4095;
  } else {
    for (let i = 0; i < body.length; i++) h = (h + (i + 1) * body.charCodeAt(i)) % CHECK_PRIME;
  }
  return DIGITS[h >> 6]! + DIGITS[h & 63]!;
}

/**
 * The code for a game with what goes with it: the state's rules, moves and (when the moves do not show
 * it) its ending; the names; the move shown; a friend game's marks. Names are trimmed and cut to the
 * longest a link carries.
 */
export function formatGameLink(options: GameLinkOptions): string {
  const body = formatGameLinkBody(options);
  return `${body}.${linkCheck(body)}`;
}

/** What formatGameLink writes. */
export interface GameLinkOptions {
  readonly state: GameState;
  readonly names: readonly [string, string];
  readonly shownPly?: number | null;
  readonly friend?: FriendMark | null;
  /** The sender's public key (64 hex digits), for a link that carries it (`k`), before it is signed. */
  readonly publicKey?: string | null;
  /** The relays the sender reads, sent as hints (`r`) with its key: at most MAX_LINK_RELAYS fit. */
  readonly relays?: readonly string[];
  /** A friend game's clock (`t`), agreed in the invitation; absent or null: untimed. */
  readonly clock?: LinkClock | null;
}

/**
 * The text a link is made of before its check (and before its signature): what the sender signs. A signed
 * link is sealGameLink(body, signature).
 */
export function formatGameLinkBody(options: GameLinkOptions): string {
  const { state, friend } = options;
  const fields = [VERSION_3 + encodeGameLink(state.rules, state.moves, state.seatChoice, state.swap2Pass).slice(1)];
  for (const name of options.names) {
    const clean = withoutHidden(name).trim().slice(0, MAX_LINK_NAME_LENGTH);
    fields.push(base64url(utf8.encode(clean.trim())));
  }
  const shown = options.shownPly;
  if (shown !== undefined && shown !== null && shown >= 0 && shown < state.moves.length) fields.push(`v${shown}`);
  const r = state.result;
  if (r?.reason === 'resignation' || r?.reason === 'time') fields.push(`e${opponent(r.winner)}${r.reason[0]}`);
  else if (r?.reason === 'draw' && !replayedResult(state)) fields.push('ed');
  if (friend) fields.push(`g${friend.gameId}`, `s${friend.sender}`);
  const clock = options.clock ? formatLinkClock(options.clock) : null;
  if (friend && clock) fields.push(`t${clock}`);
  const hints = formatRelayHints(options.relays ?? []);
  if (hints !== '') fields.push(`r${hints}`);
  const key = options.publicKey ? fromHex(options.publicKey) : null;
  if (key?.length === 32) fields.push(`k${base64url(key)}`);
  return fields.join('.');
}

/** The signed link for `body` (formatGameLinkBody) and its signature (128 hex digits), with its check. */
export function sealGameLink(body: string, signature: string): string {
  const bytes = fromHex(signature);
  if (bytes?.length !== 64) throw new Error('A link signature is 64 bytes.');
  const sealed = `${body}.x${base64url(bytes)}`;
  return `${sealed}.${linkCheck(sealed)}`;
}

// ── Relay hints: where the sender can be reached over Nostr (issue 30) ─────────────────────────────────

/** The most relays a link names: a hint, not the list; it keeps a link short (about 25 characters each). */
export const MAX_LINK_RELAYS = 4;
/** The longest relay address a link carries (scheme included). */
export const MAX_LINK_RELAY_LENGTH = 100;
/** A relay address as links carry it: ws:// or wss://, then no space, `#`, or anything that is not printable ASCII. */
const RELAY_ADDRESS = /^wss?:\/\/[!-~]+$/;

/** Whether `url` is one a link may carry. */
const linkRelay = (url: string): boolean =>
  url.length <= MAX_LINK_RELAY_LENGTH && RELAY_ADDRESS.test(url) && !url.includes('#') && !url.slice(6).includes('://');

/**
 * The `r` field's value for `relays`: the first MAX_LINK_RELAYS that a link may carry, `wss://` left out
 * (the usual scheme: a bare host means it), separated by spaces, as UTF-8 in base64url; '' for none.
 */
export function formatRelayHints(relays: readonly string[]): string {
  const carried = [...new Set(relays.filter(linkRelay))].slice(0, MAX_LINK_RELAYS);
  if (carried.length === 0) return '';
  return base64url(utf8.encode(carried.map((url) => (url.startsWith('wss://') ? url.slice(6) : url)).join(' ')));
}

/** The relays an `r` field names (formatRelayHints' inverse), or null for a field no link of ours holds. */
export function parseRelayHints(field: string): string[] | null {
  if (field.length > Math.ceil((MAX_LINK_RELAYS * (MAX_LINK_RELAY_LENGTH + 1) * 4) / 3)) return null;
  const bytes = fromBase64url(field);
  if (!bytes || bytes.length === 0) return null;
  let text: string;
  try {
    text = utf8Strict.decode(bytes);
  } catch {
    return null;
  }
  const relays = text.split(' ').map((hint) => (hint.startsWith('ws://') ? hint : `wss://${hint}`));
  if (relays.length > MAX_LINK_RELAYS || new Set(relays).size !== relays.length) return null;
  return relays.every(linkRelay) ? relays : null;
}

/** Whether the moves alone end the game (a draw on a full board does; an agreed draw does not). */
const replayedResult = (state: GameState): boolean => {
  const replayed = replay(state.rules, state.moves);
  return replayed.ok && replayed.value.result !== null;
};

const ENDINGS: Readonly<Record<string, LinkEnding>> = {
  '1r': { winner: 2, reason: 'resignation' },
  '2r': { winner: 1, reason: 'resignation' },
  '1t': { winner: 2, reason: 'time' },
  '2t': { winner: 1, reason: 'time' },
  d: { winner: null, reason: 'draw' },
};

/**
 * Reads any game link this app has made (version 1 codes too, so old links still open): what it carries
 * and the game replayed through the rules, or a clear error for a link that is too long, cut short, changed
 * on the way, made by a newer version, names no game, holds a name that is not one, an illegal move, or a
 * move played out of turn. Never throws, whatever the text.
 */
export function parseGameLink(code: string): Result<OpenedLink, GameLinkError> {
  const text = code.trim();
  if (text.length > MAX_LINK_LENGTH) return fail({ kind: 'too-long' }, 'it is far too long to be a game link.');
  if (text[0] === VERSION) {
    const decoded = decodeGameLink(text);
    if (!decoded.ok) return decoded;
    const state = decoded.value;
    const link: GameLink = {
      rules: state.rules,
      moves: state.moves,
      names: null,
      shownPly: null,
      ending: null,
      friend: null,
      seal: null,
      relays: [],
      clock: null,
    };
    return ok({ link, state });
  }
  if (text === '') return fail({ kind: 'empty' }, 'it is empty.');
  if (text[0] !== VERSION_2 && text[0] !== VERSION_3) {
    return fail({ kind: 'unknown-format' }, 'it was made in a format this app does not know (a newer version?).');
  }
  // Only the characters a link is made of (version 3's check relies on it: each below its prime).
  if (!/^[A-Za-z0-9_.-]*$/.test(text))
    return fail({ kind: 'bad-character', move: null }, 'it has a character that is not part of a game link.');
  const end = text.lastIndexOf('.');
  if (end < 0 || text.length - end !== 3) return fail({ kind: 'cut-short' }, 'it is cut short.');
  const body = text.slice(0, end);
  if (linkCheck(body) !== text.slice(end + 1))
    return fail({ kind: 'changed' }, 'it was cut short or changed on the way.');
  const [game, name1, name2, ...tags] = body.split('.');
  if (name1 === undefined || name2 === undefined) return fail({ kind: 'cut-short' }, 'it is cut short.');
  const decoded = decodeGameLink(VERSION + game!.slice(1));
  if (!decoded.ok) return decoded;
  const names: [string, string] = ['', ''];
  for (const [i, field] of [name1, name2].entries()) {
    const name = readName(field);
    if (!name.ok) return fail({ kind: 'bad-name', fault: name.error }, `${nameFaultMessage(name.error)}.`);
    names[i] = name.value;
  }
  let state = decoded.value;
  let shownPly: number | null = null;
  let ending: LinkEnding | null = null;
  let gameId: string | null = null;
  let sender: Player | null = null;
  let publicKey: string | null = null;
  let signature: string | null = null;
  let relays: readonly string[] = [];
  let clock: LinkClock | null = null;
  const seen = new Set<string>();
  for (const tag of tags) {
    const kind = tag[0] ?? '';
    const value = tag.slice(1);
    if (seen.has(kind)) return fail({ kind: 'repeated-field' }, 'it says the same thing twice.');
    if (signature !== null) return fail({ kind: 'after-signature' }, 'it holds something after its signature.');
    seen.add(kind);
    if (kind === 'v' && /^(0|[1-9]\d{0,3})$/.test(value) && Number(value) < state.moves.length) {
      shownPly = Number(value);
    } else if (kind === 'e' && ENDINGS[value] && !state.result) {
      ending = ENDINGS[value]!;
    } else if (kind === 'g' && FRIEND_GAME_ID.test(value)) {
      gameId = value;
    } else if (kind === 's' && (value === '1' || value === '2')) {
      sender = Number(value) as Player;
    } else if (kind === 'r' && parseRelayHints(value)) {
      relays = parseRelayHints(value)!;
    } else if (kind === 't' && parseLinkClock(value)) {
      clock = parseLinkClock(value);
    } else if (kind === 'k' && readBytes(value, 32)) {
      publicKey = readBytes(value, 32);
    } else if (kind === 'x' && readBytes(value, 64)) {
      signature = readBytes(value, 64);
    } else {
      return fail({ kind: 'unknown-field' }, 'it holds something this app does not know (made by a newer version?).');
    }
  }
  if ((gameId === null) !== (sender === null))
    return fail({ kind: 'friend-incomplete' }, 'it is a friend game link without its id or side.');
  if (clock !== null && gameId === null)
    return fail({ kind: 'unknown-field' }, 'it holds a clock but is no friend game link.');
  if (publicKey !== null && signature === null)
    return fail({ kind: 'key-without-signature' }, 'it carries a key but no signature.');
  const seal = signature === null ? null : { signedText: body.slice(0, body.lastIndexOf('.x')), signature, publicKey };
  const friend = gameId !== null && sender !== null ? { gameId, sender } : null;
  // A friend's link is made after the sender's move: with moves, the game over or the other side to move.
  // (Core's personToAct: in D-Pente player 1 places four stones; in Connect6 a turn is two stones.)
  if (friend && actionsOf(state).length > 0 && !state.result && !ending && personToActIn(state) === friend.sender) {
    return fail(
      { kind: 'out-of-turn', move: state.moves.length },
      `its last move, move ${state.moves.length}, is not the sender's (a move out of turn), or the sender's turn is not done.`,
    );
  }
  if (ending?.winner) state = concede(state, opponent(ending.winner), ending.reason);
  else if (ending) state = { ...state, result: ending };
  return ok({
    link: { rules: state.rules, moves: state.moves, names, shownPly, ending, friend, seal, relays, clock },
    state,
  });
}
