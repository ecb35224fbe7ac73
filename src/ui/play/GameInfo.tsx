/**
 * The play screen's two lines under the board: the status (whose move, or the result), and one line for
 * what is going on now, most urgent first — a problem with its button (the computer stuck, saving failed
 * or stopped), a notice, the preview, the engine's progress, a hint, a friend game's next step — or, when
 * the game is over, the result card's second line.
 */
import { type MovePreview, formatPoint } from '../../core';
import { notices } from '../shell/app-state';
import { friendDetail, previewText, resultDetail, statusText, thinkingText } from './play-words';
import type { PlayController } from './session/controller';
import { movePlace, movesTotal } from '../words/game-words';
import * as m from '../words/paraglide/messages.js';

export interface GameInfoProps {
  readonly game: PlayController;
  /** The screen's own notice (a refused tap), shown before the app's. */
  readonly notice: string;
  readonly preview: MovePreview | null;
  /** The analysis's hint for the shown position (review), if any. */
  readonly reviewHint: number | null;
  readonly friendGame: boolean;
}

export function GameInfo({ game, notice, preview, reviewHint, friendGame }: GameInfoProps) {
  const match = game.match.value;
  const live = match.game;
  const s = game.shown.value;
  const size = s.rules.size;
  const reviewing = match.reviewPly !== null;
  const hint = game.hint.value;
  // The result card: the game is over and its final position is on the board (not in review).
  const resultCard = live.result !== null && !reviewing;
  const problem = game.engineProblem.value ?? game.savingProblem.value;
  // The app's notices (app-state's notify) show in this line too: a toast here would cover the board.
  const shownNotice = notice || (notices.value[0]?.text ?? '');
  // The alert colour for a refused move or a problem; news (a friend's move arrived) in the text's colour.
  const noticeClass = notice || notices.value[0]?.tone === 'problem' ? ' notice' : ' news';
  const detail =
    shownNotice ||
    (preview && previewText(preview, size).trim()) ||
    thinkingText(game) ||
    (hint !== null && !reviewing ? m.play_hint_at({ point: formatPoint(size, hint) }) : '') ||
    (reviewHint !== null && reviewing ? m.play_hint_at({ point: formatPoint(size, reviewHint) }) : '') ||
    (friendGame ? friendDetail(game) : '');
  return (
    <div class={`info${resultCard ? ` result-card won-p${live.result?.winner ?? 0}` : ''}`}>
      <p class="status" role="status">
        {reviewing
          ? (s.moves.length === 0 ? m.play_reviewing_status_start : m.play_reviewing_status)({
              ...movePlace(s.moves.length, live.rules.variant),
              total: movesTotal(live.moves.length, live.rules.variant),
              status: statusText(game, s),
            })
          : statusText(game, s)}
      </p>
      {problem && shownNotice && <p class={`detail${noticeClass}`}>{shownNotice}</p>}
      {problem ? (
        <p class="detail warn" role="alert">
          <span>{problem}</span>
          <ProblemButton game={game} />
        </p>
      ) : resultCard && !shownNotice ? (
        <p class="detail">{resultDetail(live)}</p>
      ) : (
        <p class={`detail${shownNotice ? noticeClass : ''}`}>{detail}</p>
      )}
    </div>
  );
}

/** What the player can do about the problem shown: retry the computer, save as new, retry the save. */
function ProblemButton({ game }: { readonly game: PlayController }) {
  if (game.engineProblem.value) {
    return (
      <button type="button" onClick={() => game.retryComputer()}>
        {m.play_retry()}
      </button>
    );
  }
  if (game.saving.value === 'stopped') {
    return (
      <button type="button" onClick={() => game.saveAsNew()}>
        {m.play_save_as_new()}
      </button>
    );
  }
  return game.saving.value === 'failed' ? (
    <button type="button" onClick={() => game.retrySave()} disabled={game.busy.value}>
      {m.play_retry()}
    </button>
  ) : null;
}
