/**
 * One side's strip above or beside the board: its colour, its name, the stones it has captured (as pairs
 * and as "4/10", where the variant has a capture win), and whatever the screen adds (Play: the clock).
 * Highlighted while that side is to move.
 */
import type { ComponentChildren } from 'preact';
import type { GameState } from '../../core';
import { colourName } from '../words/game-words';
import * as m from '../words/paraglide/messages.js';
import './play.css';

export function SideStrip({
  state,
  player,
  name,
  children,
}: {
  readonly state: GameState;
  readonly player: 1 | 2;
  readonly name: string;
  readonly children?: ComponentChildren;
}) {
  const target = state.rules.variant.captureWin;
  const captured = state.captures[player - 1]!;
  const active = !state.result && state.toMove === player;
  return (
    <section
      class={`player${active ? ' active' : ''}`}
      aria-label={m.play_side_label({ colour: colourName(player), name })}
    >
      <span class={`dot p${player}`} aria-hidden="true" />
      <span class="name">{name}</span>
      {target !== null && (
        <span class="captured" aria-label={m.play_side_captured({ captured, target })}>
          {Array.from({ length: Math.floor(captured / 2) }, (_, i) => (
            <span key={i} class={`pair p${3 - player}`} aria-hidden="true" />
          ))}
          <span class="count">
            {captured}/{target}
          </span>
        </span>
      )}
      {children}
    </section>
  );
}
