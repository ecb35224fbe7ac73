/**
 * "Captured: Black 4, White 2 (10 wins)": the capture count of a position that starts with stones captured
 * (a lesson, a puzzle), where the count is part of the position. Nothing when no stone is captured yet, or
 * when the variant has no capture win.
 */
import type { GameState } from '../../core';

export function CapturedCount({ state }: { readonly state: GameState }) {
  const target = state.rules.variant.captureWin;
  if (target === null || (state.captures[0] === 0 && state.captures[1] === 0)) return null;
  return (
    <p class="lesson-captures">
      Captured: Black {state.captures[0]}, White {state.captures[1]} ({target} wins)
    </p>
  );
}
