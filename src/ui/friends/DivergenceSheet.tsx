/**
 * Two copies of a friend game that went different ways (issue 30, item 6): where they part (the move, each
 * line's step there), and the choice — take the link's game, keep both as two games, or leave the game as
 * it is. The choice is storage's resolveFriendDivergence; this only shows it and asks.
 */
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { GameSide } from '../../storage';
import { colourName, movePlace, resultSentence } from '../words/game-words';
import * as m from '../words/paraglide/messages.js';
import type { DivergenceView, LineStep } from './divergence-model';
import './friends.css';

export type DivergenceAnswer = 'take-theirs' | 'keep-both' | 'keep-mine';

function stepText(step: LineStep, players: readonly [GameSide, GameSide]): string {
  switch (step.kind) {
    case 'move':
      return m.friends_diverged_step_move({ colour: colourName(step.side), point: step.point });
    case 'end':
      return resultSentence(players, step.result);
    case 'none':
      return m.friends_diverged_step_none();
  }
}

export function DivergenceSheet({
  view,
  them,
  players,
  busy,
  onAnswer,
}: {
  readonly view: DivergenceView;
  /** The friend's name. */
  readonly them: string;
  readonly players: readonly [GameSide, GameSide];
  readonly busy: boolean;
  readonly onAnswer: (answer: DivergenceAnswer) => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      class="share-sheet divergence-sheet"
      aria-labelledby="divergence-title"
      onCancel={(e) => {
        e.preventDefault();
        onAnswer('keep-mine');
      }}
    >
      <h2 id="divergence-title">{m.friends_diverged_title()}</h2>
      <p>{m.friends_diverged_where({ them, ...movePlace(view.move) })}</p>
      <dl class="divergence-lines">
        <div>
          <dt>{m.friends_diverged_yours()}</dt>
          <dd>{stepText(view.mine, players)}</dd>
        </div>
        <div>
          <dt>{m.friends_diverged_link()}</dt>
          <dd>{stepText(view.theirs, players)}</dd>
        </div>
      </dl>
      {view.otherDevice && <p class="send-hint">{m.friends_diverged_other_device({ them })}</p>}
      <p>{m.friends_diverged_choose()}</p>
      <div class="divergence-choices">
        <button type="button" class="primary" disabled={busy} onClick={() => onAnswer('take-theirs')}>
          {m.friends_diverged_take()}
        </button>
        <p class="send-hint">{m.friends_diverged_take_note(movePlace(view.move))}</p>
        <button type="button" disabled={busy} onClick={() => onAnswer('keep-both')}>
          {m.friends_diverged_keep_both()}
        </button>
        <p class="send-hint">{m.friends_diverged_keep_both_note({ them })}</p>
        <button type="button" disabled={busy} onClick={() => onAnswer('keep-mine')}>
          {m.friends_diverged_keep_mine()}
        </button>
      </div>
    </dialog>
  );
}
