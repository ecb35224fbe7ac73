/**
 * "Captured: Black 4, White 2 (10 wins)": the capture count of a position that starts with stones captured
 * (a lesson, a puzzle), where the count is part of the position. Nothing when no stone is captured yet, or
 * when the variant has no capture win.
 */
import type { GameState } from '../../core';
import { colourName } from '../words/game-words';
import * as m from '../words/paraglide/messages.js';
import './play.css';

export function CapturedCount({ state }: { readonly state: GameState }) {
  const target = state.rules.variant.captureWin;
  if (target === null || (state.captures[0] === 0 && state.captures[1] === 0)) return null;
  return (
    <p class="lesson-captures">
      {m.play_captured_count({
        black: colourName(1),
        blackCount: state.captures[0],
        white: colourName(2),
        whiteCount: state.captures[1],
        target,
      })}
    </p>
  );
}
