/**
 * The rule variants as data. A variant is a row in this table; `play` reads these fields rather than
 * testing variant names, so a new variant is a new row plus whatever rule is truly new.
 */
// Append only: a variant's index is part of game links (link.ts) and of the openings book's keys.
export const VARIANT_IDS = [
  'pente',
  'keryo',
  'gomoku',
  'freestyle',
  'boat',
  'poof',
  'g-pente',
  'd-pente',
  'dk-pente',
  'swap2-pente',
  'swap2-keryo',
  'connect6',
  'o-pente',
  'renju',
] as const;
export type VariantId = (typeof VARIANT_IDS)[number];

export interface Variant {
  readonly id: VariantId;
  /** The name pente.org uses in a record's `[Game "…"]` header. */
  readonly name: string;
  /** Run lengths of enemy stones that a flanking move captures (empty: no captures). */
  readonly captureLengths: readonly number[];
  /** Captured stones that win (null: no capture win). */
  readonly captureWin: number | null;
  /** A capture win also needs strictly more captured stones than the opponent (Poof-Pente). */
  readonly captureWinNeedsLead: boolean;
  /** 'five-or-more': an overline wins too; 'exactly-five': only a run of exactly five wins. */
  readonly fiveRule: 'five-or-more' | 'exactly-five';
  /** Player 1's first stone must be on the centre point. */
  readonly centreFirst: boolean;
  /** Whether the tournament rule (player 1's second stone away from the centre) applies to this game. */
  readonly tournamentRule: boolean;
  /**
   * G-Pente: player 1's second stone may not be within two points of the centre (the tournament rule's
   * square, always, not a choice) nor three or four points from it on the centre's row or column.
   */
  readonly gRule: boolean;
  /**
   * D-Pente and DK-Pente (4), Swap2 (3): after this many stones, all placed by player 1, player 2 chooses a
   * seat (take player 1's or keep their own: `chooseSeat` in game.ts); null for games without that choice.
   */
  readonly seatChoiceAfter: number | null;
  /**
   * Swap2: at the seat choice (after three stones) player 2 may instead place two more stones (white, then
   * black) and hand the choice back to player 1 (`passSwap2` in game.ts).
   */
  readonly swap2: boolean;
  /** Boat-Pente: a five whose stones can still be captured wins only if it survives one reply. */
  readonly fiveMustSurviveReply: boolean;
  /** Poof-Pente: a stone that completes its own flanked pair removes that pair, credited to the opponent. */
  readonly poof: boolean;
  /**
   * The run that wins when it is not five (with `fiveRule`): Connect6's six or more. (Optional, as is
   * twoStoneTurns: the table is on the first screen, whose budget counts bytes.)
   */
  readonly winLength?: 6;
  /**
   * Connect6: player 1's first turn is one stone, then every turn is two (pente.org's SimpleConnect6State:
   * the stone at move n is colour ((n + 1) / 2) % 2 + 1); whose turn it is follows from the move count.
   */
  readonly twoStoneTurns?: boolean;
  /**
   * Renju (15×15 only): black wins only with exactly five and loses on a forbidden point (renju.ts), white
   * wins with five or more; the Taraguchi-10 opening (renju-opening.ts); passes after it, two in a row draw.
   */
  readonly renju?: boolean;
}

const pente: Variant = {
  id: 'pente',
  name: 'Pente',
  captureLengths: [2],
  captureWin: 10,
  captureWinNeedsLead: false,
  fiveRule: 'five-or-more',
  centreFirst: true,
  tournamentRule: true,
  gRule: false,
  seatChoiceAfter: null,
  swap2: false,
  fiveMustSurviveReply: false,
  poof: false,
};

/** D-Pente: Pente with no opening rule; player 1 places four stones, then player 2 chooses a seat. */
const dPente: Variant = {
  ...pente,
  id: 'd-pente',
  name: 'D-Pente',
  centreFirst: false,
  tournamentRule: false,
  seatChoiceAfter: 4,
};

/**
 * Swap2-Pente: Pente with no opening rule; player 1 places three stones (black, white, black), then player 2
 * takes a seat, or places two more stones (white, black) and hands the seat choice back to player 1.
 */
const swap2Pente: Variant = {
  ...pente,
  id: 'swap2-pente',
  name: 'Swap2-Pente',
  centreFirst: false,
  tournamentRule: false,
  seatChoiceAfter: 3,
  swap2: true,
};

export const VARIANTS: { readonly [K in VariantId]: Variant } = {
  pente,
  keryo: { ...pente, id: 'keryo', name: 'Keryo-Pente', captureLengths: [2, 3], captureWin: 15 },
  gomoku: {
    ...pente,
    id: 'gomoku',
    name: 'Gomoku',
    captureLengths: [],
    captureWin: null,
    fiveRule: 'exactly-five',
    centreFirst: false,
    tournamentRule: false,
  },
  freestyle: {
    ...pente,
    id: 'freestyle',
    name: 'Freestyle',
    captureLengths: [],
    captureWin: null,
    centreFirst: false,
    tournamentRule: false,
  },
  boat: { ...pente, id: 'boat', name: 'Boat-Pente', fiveMustSurviveReply: true },
  poof: { ...pente, id: 'poof', name: 'Poof-Pente', poof: true, captureWinNeedsLead: true },
  // pente.org's GridStateFactory: G-Pente is Pente with setGPenteRules, which SimplePenteState applies with
  // the tournament rule's square whatever the tournament-rule setting says (`tournamentRule || gPenteRules`).
  'g-pente': { ...pente, id: 'g-pente', name: 'G-Pente', tournamentRule: false, gRule: true },
  'd-pente': dPente,
  'dk-pente': { ...dPente, id: 'dk-pente', name: 'DK-Pente', captureLengths: [2, 3], captureWin: 15 },
  'swap2-pente': swap2Pente,
  'swap2-keryo': { ...swap2Pente, id: 'swap2-keryo', name: 'Swap2-Keryo', captureLengths: [2, 3], captureWin: 15 },
  // pente.org's SimpleConnect6State: no captures, no opening rule (any empty point), overlines win.
  connect6: {
    ...pente,
    id: 'connect6',
    name: 'Connect6',
    captureLengths: [],
    captureWin: null,
    centreFirst: false,
    tournamentRule: false,
    winLength: 6,
    twoStoneTurns: true,
  },
  // pente.org's OPenteState (GridStateFactory.OPENTE): Keryo's captures and 15 to win with a lead, Poof's
  // poofs of pairs and triples, Boat's five that must survive a reply; the tournament rule.
  'o-pente': {
    ...pente,
    id: 'o-pente',
    name: 'O-Pente',
    captureLengths: [2, 3],
    captureWin: 15,
    captureWinNeedsLead: true,
    fiveMustSurviveReply: true,
    poof: true,
  },
  // pente.org's RenjuState over a SimpleGomokuState: no captures; the opening rules are its own.
  renju: {
    ...pente,
    id: 'renju',
    name: 'Renju',
    captureLengths: [],
    captureWin: null,
    fiveRule: 'exactly-five',
    centreFirst: false,
    tournamentRule: false,
    renju: true,
  },
};

/**
 * Whether games of this variant with people are played over relays: every game but Renju (not played with
 * people yet). Relay events carry stones (Connect6's two-stone turns included) and the opening steps of the
 * games with a seat choice (D-Pente, DK-Pente, Swap2: net/game-events.ts's `step`), as links do.
 */
export const playedOverRelays = (variant: Pick<Variant, 'renju'>): boolean => variant.renju !== true;

/** The board sizes, smallest first (what the new-game screen offers); 15×15 is Gomoku's standard board. */
export const BOARD_SIZES = [9, 13, 15, 19] as const;
export type BoardSize = (typeof BOARD_SIZES)[number];

/**
 * The board a new-game form shows when the game changes from `from` to `to` on `size`: Gomoku's standard
 * board is 15×15 (as everywhere else Gomoku is played), so choosing Gomoku moves 19×19 to 15×15, and
 * leaving it moves 15×15 back to 19×19; Renju is 15×15 only; any other board the player chose stays.
 */
export function sizeForVariant(from: VariantId, to: VariantId, size: BoardSize): BoardSize {
  if (to === 'renju') return 15;
  if (to === 'gomoku' && from !== 'gomoku' && size === 19) return 15;
  if ((from === 'gomoku' || from === 'renju') && to !== 'gomoku' && size === 15) return 19;
  return size;
}

/** Everything that fixes the rules of one game. */
export interface Rules {
  readonly variant: Variant;
  readonly size: BoardSize;
  /** The tournament rule, when the variant has one; players may switch it off. */
  readonly tournamentRule: boolean;
}

export interface RulesOptions {
  readonly variant?: VariantId;
  readonly size?: BoardSize;
  readonly tournamentRule?: boolean;
}

export function makeRules(options: RulesOptions = {}): Rules {
  const variant = VARIANTS[options.variant ?? 'pente'];
  return {
    variant,
    // Renju is played on 15×15 only.
    size: variant.renju ? 15 : (options.size ?? 19),
    tournamentRule: variant.tournamentRule && (options.tournamentRule ?? true),
  };
}

/** Accepts finished rules or the options to make them. */
export function toRules(rules: Rules | RulesOptions): Rules {
  return typeof rules.variant === 'object' ? (rules as Rules) : makeRules(rules as RulesOptions);
}

export function isVariantId(id: string): id is VariantId {
  return (VARIANT_IDS as readonly string[]).includes(id);
}

export function isBoardSize(n: number): n is BoardSize {
  return (BOARD_SIZES as readonly number[]).includes(n);
}

/** Finds a variant by its record name, ignoring case and pente.org's "Speed " prefix (a clock, not a rule). */
export function variantByName(name: string): Variant | undefined {
  const wanted = name
    .trim()
    .toLowerCase()
    .replace(/^speed\s+/, '');
  return Object.values(VARIANTS).find((v) => v.name.toLowerCase() === wanted || v.id === wanted);
}
