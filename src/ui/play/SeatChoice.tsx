/**
 * D-Pente's and DK-Pente's seat choice, offered to player 2 after player 1's four stones: take Black's
 * seat (and play the next stone) or keep White. The rule (whose choice, when) is the core's; the
 * controller makes the choice (a swap exchanges the people between the seats, never the stones).
 */
import { seatChoiceDue } from '../../core';
import type { PlayController } from './session/controller';
import { isHumanTurn } from './session/match';
import * as words from '../words/paraglide/messages.js';

export function SeatChoice({ game }: { game: PlayController }) {
  const m = game.match.value;
  if (!seatChoiceDue(m.game) || !isHumanTurn(m)) return null;
  const first = m.sides[0]!.name;
  return (
    <section class="seat-choice" aria-labelledby="seat-choice-title">
      <h2 id="seat-choice-title">{words.play_seat_choice_title()}</h2>
      <p>{words.play_seat_choice_text({ name: first })}</p>
      <div class="seat-choice-buttons">
        <button type="button" class="primary" disabled={game.busy.value} onClick={() => game.chooseSeat('swap')}>
          {words.play_seat_take_black()}
        </button>
        <button type="button" disabled={game.busy.value} onClick={() => game.chooseSeat('keep')}>
          {words.play_seat_keep_white()}
        </button>
      </div>
    </section>
  );
}
