/**
 * The seat choice of D-Pente and DK-Pente (player 2, after player 1's four stones: take Black's seat or keep
 * White) and of Swap2 (player 2 after three stones: take Black, keep White, or place two more stones; after
 * those, player 1: keep Black or take White), and Renju's swap windows after stones 1–4 (and branch A's
 * fifth): the seat to move next keeps its colour or swaps. The rule (whose choice, when) is the core's; the controller
 * makes the choice (a swap exchanges the people between the seats, never the stones).
 */
import { seatChoiceDue, seatChooser, swap2PassAllowed } from '../../core';
import type { PlayController } from './session/controller';
import { isHumanTurn } from './session/match';
import { colourName } from '../words/game-words';
import { formatNumber } from '../words/locale';
import * as words from '../words/paraglide/messages.js';

export function SeatChoice({ game }: { game: PlayController }) {
  const m = game.match.value;
  if (!seatChoiceDue(m.game) || !isHumanTurn(m)) return null;
  const chooser = seatChooser(m.game);
  const other = m.sides[2 - chooser]!.name;
  const busy = game.busy.value;
  const swap2 = m.game.rules.variant.swap2;
  // After Swap2's pass, player 1 chooses from Black's seat: the other seat is White's. In Renju's windows
  // the seat to move next chooses (Black's after stones 2 and 4).
  const fromBlack = chooser === 1;
  const text = m.game.renju
    ? words.play_seat_renju_text({
        count: formatNumber(m.game.moves.length),
        name: m.sides[chooser - 1]!.name,
        colour: colourName(chooser),
        other,
      })
    : !swap2
      ? words.play_seat_choice_text({ name: other })
      : fromBlack
        ? words.play_seat_swap2_back_text({ name: other })
        : words.play_seat_swap2_text({ name: other });
  return (
    <section class="seat-choice" aria-labelledby="seat-choice-title">
      <h2 id="seat-choice-title">{words.play_seat_choice_title()}</h2>
      <p>{text}</p>
      <div class="seat-choice-buttons">
        <button type="button" class="primary" disabled={busy} onClick={() => game.chooseSeat('swap')}>
          {fromBlack ? words.play_seat_take_white() : words.play_seat_take_black()}
        </button>
        <button type="button" disabled={busy} onClick={() => game.chooseSeat('keep')}>
          {fromBlack ? words.play_seat_keep_black() : words.play_seat_keep_white()}
        </button>
        {swap2PassAllowed(m.game) && (
          <button type="button" disabled={busy} onClick={() => game.chooseSeat('pass')}>
            {words.play_seat_swap2_pass()}
          </button>
        )}
      </div>
    </section>
  );
}
