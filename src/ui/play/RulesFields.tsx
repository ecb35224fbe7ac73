/** The rules of a new game as form fields (game, board, tournament rule): New game's and Play a friend's. */
import {
  BOARD_SIZES,
  type BoardSize,
  VARIANT_IDS,
  VARIANTS,
  type VariantId,
  playedOverRelays,
  sizeForVariant,
} from '../../core';
import * as m from '../words/paraglide/messages.js';
import { variantName } from '../words/game-words';

export interface RulesFieldsProps {
  readonly variant: VariantId;
  readonly size: BoardSize;
  readonly tournamentRule: boolean;
  readonly setVariant: (v: VariantId) => void;
  readonly setSize: (s: BoardSize) => void;
  readonly setTournamentRule: (on: boolean) => void;
  /** The games offered (default: OFFERED_VARIANTS). */
  readonly variants?: readonly VariantId[];
}

/** The games New game offers: every game, against the computer too. */
export const OFFERED_VARIANTS: readonly VariantId[] = VARIANT_IDS;

/**
 * The games a friend game by link may be: every game but Renju, whose opening steps (its offers) have no
 * code in links yet. Their opening steps (D-Pente's and Swap2's seat choice, Swap2's pass) and Connect6's
 * two-stone turns travel in links, and whose turn it is is core's rule (personToAct).
 */
export const LINKED_GAME_VARIANTS: readonly VariantId[] = OFFERED_VARIANTS.filter((id) => !VARIANTS[id].renju);

/** The games a challenge (played over relays only) may be: core's playedOverRelays (Connect6 included). */
export const RELAY_GAME_VARIANTS: readonly VariantId[] = LINKED_GAME_VARIANTS.filter((id) =>
  playedOverRelays(VARIANTS[id]),
);

/** The game and the board: also a challenge's (people/ChallengeForm.tsx), which sets no tournament rule. */
export function GameAndBoardFields({
  variant,
  size,
  setVariant,
  setSize,
  variants = OFFERED_VARIANTS,
}: Pick<RulesFieldsProps, 'variant' | 'size' | 'setVariant' | 'setSize' | 'variants'>) {
  return (
    <>
      <label class="rules-game">
        {m.play_rules_game()}
        <select
          value={variant}
          onChange={(e) => {
            const next = e.currentTarget.value as VariantId;
            setSize(sizeForVariant(variant, next, size));
            setVariant(next);
          }}
        >
          {variants.map((id) => (
            <option key={id} value={id}>
              {variantName(id)}
            </option>
          ))}
        </select>
      </label>
      <label class="rules-board">
        {m.play_rules_board()}
        <select value={size} onChange={(e) => setSize(Number(e.currentTarget.value) as BoardSize)}>
          {/* Renju is played on 15×15 only: the one board offered (sizeForVariant moved the board there). */}
          {BOARD_SIZES.filter((s) => !VARIANTS[variant].renju || s === 15).map((s) => (
            <option key={s} value={s}>
              {s}×{s}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}

export function RulesFields({
  variant,
  size,
  tournamentRule,
  setVariant,
  setSize,
  setTournamentRule,
  variants,
}: RulesFieldsProps) {
  return (
    <>
      <GameAndBoardFields
        variant={variant}
        size={size}
        setVariant={setVariant}
        setSize={setSize}
        {...(variants ? { variants } : {})}
      />
      {VARIANTS[variant].tournamentRule && (
        <label class="check">
          <input
            type="checkbox"
            checked={tournamentRule}
            onChange={(e) => setTournamentRule(e.currentTarget.checked)}
          />
          {m.play_rules_tournament()}
        </label>
      )}
    </>
  );
}
