/**
 * Renju's opening steps that are not a swap window (those are SeatChoice.tsx's): black's branch after the
 * fourth stone (a fifth stone on the board, or ten offers chosen by tapping points) and the pass once the
 * opening is over. White's pick among the offers is a tap on one of them, numbered on the board (offerMarks),
 * with the status line saying so. What is due and what is valid is
 * the core's (renjuDue, offerConflict, allowedOpeningSteps); the controller takes the step.
 */
import { signal } from '@preact/signals';
import {
  type GameState,
  type Point,
  EMPTY,
  RENJU_OFFERS,
  allowedOpeningSteps,
  formatPoint,
  offerConflict,
  renjuDue,
} from '../../core';
import type { BoardMark } from '../board/Board';
import { formatNumber } from '../words/locale';
import type { PlayController } from './session/controller';
import { isHumanTurn } from './session/match';
import * as words from '../words/paraglide/messages.js';

/** The offers black is choosing: they belong to the position they were begun in (`at`), and go with it. */
interface OfferDraft {
  readonly at: GameState;
  readonly points: readonly Point[];
  readonly problem: string | null;
}

const draft = signal<OfferDraft | null>(null);

/** The offers being chosen in this live position, or null when black is not choosing them. */
export const offerDraftIn = (live: GameState): OfferDraft | null => {
  const d = draft.value;
  return d && d.at === live ? d : null;
};

/** A tap while black chooses offers: adds the point, or takes it back; a point alike to a chosen one is refused. */
export function tapOffer(live: GameState, point: Point): void {
  const d = offerDraftIn(live);
  if (!d) return;
  if (d.points.includes(point)) {
    draft.value = { ...d, points: d.points.filter((p) => p !== point), problem: null };
    return;
  }
  if (live.cells[point] !== EMPTY || d.points.length >= RENJU_OFFERS) return;
  const alike = offerConflict(live, d.points, point);
  const size = live.rules.size;
  draft.value =
    alike === null
      ? { ...d, points: [...d.points, point], problem: null }
      : {
          ...d,
          problem: words.play_renju_offer_alike({ point: formatPoint(size, point), other: formatPoint(size, alike) }),
        };
}

/** The board's marks for Renju's offers: those being chosen, or those white picks from; numbered. */
export function offerMarks(live: GameState, shown: GameState): BoardMark[] {
  const d = shown === live ? offerDraftIn(live) : null;
  const points = d ? d.points : shown.renju && renjuDue(shown) === 'pick' ? shown.renju.offers : [];
  return points.map((point, i) => ({ point, label: String(i + 1), kind: 'offer' as const }));
}

export function RenjuSteps({ game }: { game: PlayController }) {
  const m = game.match.value;
  const live = m.game;
  if (!live.renju || !isHumanTurn(m)) return null;
  const busy = game.busy.value;
  const due = renjuDue(live);
  const d = offerDraftIn(live);
  if (due === 'branch') {
    return (
      <section class="seat-choice renju-step" aria-labelledby="renju-step-title">
        <h2 id="renju-step-title">{words.play_renju_branch_title()}</h2>
        {d ? (
          <>
            <p>{words.play_renju_offer_text({ count: formatNumber(d.points.length) })}</p>
            {d.problem && (
              <p class="renju-problem" role="alert">
                {d.problem}
              </p>
            )}
            <div class="seat-choice-buttons">
              <button
                type="button"
                class="primary"
                disabled={busy || d.points.length !== RENJU_OFFERS}
                onClick={() => {
                  draft.value = null;
                  game.chooseSeat({ offer: d.points });
                }}
              >
                {words.play_renju_offer_send()}
              </button>
              <button type="button" onClick={() => (draft.value = null)}>
                {words.play_renju_offer_cancel()}
              </button>
            </div>
          </>
        ) : (
          <>
            <p>{words.play_renju_branch_text()}</p>
            <div class="seat-choice-buttons">
              <button
                type="button"
                disabled={busy}
                onClick={() => (draft.value = { at: live, points: [], problem: null })}
              >
                {words.play_renju_offer_start()}
              </button>
            </div>
          </>
        )}
      </section>
    );
  }
  if (!allowedOpeningSteps(live).includes('pass')) return null;
  return (
    <div class="renju-pass">
      <button
        type="button"
        disabled={busy}
        title={words.play_renju_pass_title()}
        onClick={() => game.chooseSeat('pass')}
      >
        {words.play_renju_pass()}
      </button>
    </div>
  );
}
