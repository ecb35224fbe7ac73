/**
 * The analysis panel under the move list: the engine's view of the shown position (a win-chance bar, its
 * best three moves with their lines; the board draws the chosen line) and the whole-game analysis (progress,
 * the evaluation graph, each side's marked moves). State lives in the AnalysisController; this only draws it.
 */
import type { GameState, Player } from '../../core';
import { formatNumberedMove, formatPoint } from '../../core';
import type { AnalysisLineAnswer } from '../engine/client';
import { formatNumber } from '../words/locale';
import type { AnalysisController } from './analysis/controller';
import { blackChances, progressOf, summarize, verdicts } from './analysis/game-analysis';
import './review.css';
import { EvalGraph } from './EvalGraph';
import { MarkedMoves } from './MarkedMoves';
import { percent, qualityPhrase } from './review-words';
import { colourName } from '../words/game-words';
import * as m from '../words/paraglide/messages.js';

/** A line's value in words, for the side to move: "62%", or "wins in 3" / "loses in 2". */
function lineValue(line: AnalysisLineAnswer): string {
  const { score } = line;
  if (score.kind === 'win') return m.review_line_wins_in({ moves: score.moves });
  if (score.kind === 'loss') return m.review_line_loses_in({ moves: score.moves });
  return percent(line.winChance);
}

/** The position's value for the player: who is better, by how much, or who has a forced win. */
function positionText(best: AnalysisLineAnswer, toMove: Player, names: readonly [string, string]): string {
  const other = (3 - toMove) as Player;
  const mover = m.review_side({ name: names[toMove - 1]!, colour: colourName(toMove) });
  const opponent = m.review_side({ name: names[other - 1]!, colour: colourName(other) });
  const { score } = best;
  if (score.kind === 'win') return m.review_position_wins_in({ side: mover, moves: score.moves });
  if (score.kind === 'loss') return m.review_position_wins_in({ side: opponent, moves: score.moves });
  const black = toMove === 1 ? best.winChance : 1 - best.winChance;
  return m.review_position_chances({
    black: colourName(1),
    blackChance: percent(black),
    white: colourName(2),
    whiteChance: percent(1 - black),
  });
}

interface AnalysisPanelProps {
  readonly analysis: AnalysisController;
  /** The live game (all its moves) and the position shown. */
  readonly game: GameState;
  readonly shown: GameState;
  readonly names: readonly [string, string];
  /** Shows the position after `ply` moves. */
  readonly onGo: (ply: number) => void;
}

export function AnalysisPanel({ analysis, game, shown, names, onGo }: AnalysisPanelProps) {
  const size = game.rules.size;
  const allowed = analysis.allowed.value;
  const engineOn = analysis.engineOn.value;
  const key = analysis.keyOf(shown);
  const known = analysis.lines.value;
  const lines = known && known.key === key ? known.lines : null;
  const drawn = analysis.lineFor(shown)?.move;
  const whole = analysis.gameAnalysis.value;
  const running = analysis.gameRunning.value;
  const problem = analysis.problem.value;

  const all = whole ? verdicts(whole, game) : [];
  const progress = whole ? progressOf(whole) : null;
  const complete = progress !== null && progress.done === progress.total;
  const shownVerdict = shown.moves.length > 0 ? all[shown.moves.length - 1] : null;
  const sides = summarize(all);
  // The verdict names the move as the move list numbers it: "14… L9 was a mistake".
  const shownName =
    shownVerdict &&
    formatNumberedMove(shownVerdict.ply + 1, shownVerdict.player, formatPoint(size, shownVerdict.point));

  return (
    <section class="analysis" aria-label={m.review_analysis()}>
      <div class="analysis-head">
        <label class="switch">
          <input
            type="checkbox"
            checked={engineOn}
            disabled={!allowed}
            onChange={(e) => analysis.setEngineOn(e.currentTarget.checked)}
          />
          <span>{m.review_engine()}</span>
        </label>
        <p class="analysis-value" aria-live="polite">
          {!allowed
            ? m.review_opens_in_review()
            : shown.result
              ? m.review_game_over()
              : engineOn
                ? lines?.[0]
                  ? positionText(lines[0], shown.toMove, names)
                  : m.review_thinking()
                : ''}
        </p>
      </div>
      {engineOn && allowed && !shown.result && (
        <>
          <EvalBar black={lines?.[0] ? (shown.toMove === 1 ? lines[0].winChance : 1 - lines[0].winChance) : 0.5} />
          <ol class="analysis-lines" aria-label={m.review_best_moves()}>
            {(lines ?? []).map((line) => (
              <li key={line.move}>
                <button
                  type="button"
                  aria-pressed={line.move === drawn}
                  onClick={() => (analysis.selectedMove.value = line.move)}
                >
                  <span class="line-move">{formatPoint(size, line.move)}</span>
                  <span class="line-value">{lineValue(line)}</span>
                  <span class="line-pv">
                    {line.pv
                      .slice(1, 7)
                      .map((p) => formatPoint(size, p))
                      .join(' ')}
                  </span>
                </button>
              </li>
            ))}
          </ol>
        </>
      )}
      {/* Its room is kept (two lines, empty at the start) while the analysis shows: the graph and the marked
          moves under it never move when a tap shows another move. */}
      {whole && progress && progress.done > 0 && !shownVerdict && <p class="verdict" />}
      {shownVerdict && (
        <p class={`verdict q-${shownVerdict.quality}`}>
          {shownVerdict.drop >= 0.02
            ? m.review_verdict_was_drop({
                point: shownName!,
                quality: qualityPhrase(shownVerdict.quality),
                drop: percent(shownVerdict.drop),
              })
            : m.review_verdict_was({
                point: shownName!,
                quality: qualityPhrase(shownVerdict.quality),
              })}
          {shownVerdict.best >= 0 && shownVerdict.best !== shownVerdict.point && shownVerdict.quality !== 'best'
            ? m.review_best_was({ point: formatPoint(size, shownVerdict.best) })
            : ''}
        </p>
      )}
      {problem && (
        <p class="detail warn" role="alert">
          {problem}
        </p>
      )}
      <div class="game-analysis">
        {!whole || (!complete && !running) ? (
          <button type="button" class="analyse-game" disabled={!allowed} onClick={() => analysis.analyseGame()}>
            {whole && progress && progress.done > 0 ? m.review_go_on_analysing() : m.review_analyse_game()}
          </button>
        ) : null}
        {running && progress && (
          <div class="analysis-progress">
            <progress max={progress.total} value={progress.done} aria-label={m.review_game_analysis()} />
            <span>{m.review_analysing({ done: formatNumber(progress.done), count: progress.total })}</span>
            <button type="button" onClick={() => analysis.stopGameAnalysis()}>
              {m.review_stop()}
            </button>
          </div>
        )}
        {whole && progress && progress.done > 0 && (
          <>
            <EvalGraph chances={blackChances(whole, game)} verdicts={all} shownPly={shown.moves.length} onGo={onGo} />
            {complete && (
              <MarkedMoves sides={sides} names={names} size={size} shownPly={shown.moves.length} onGo={onGo} />
            )}
          </>
        )}
      </div>
    </section>
  );
}

/** Black's share of the win chance as a bar: black from the left, white from the right. */
function EvalBar({ black }: { black: number }) {
  return (
    <div class="eval-bar" aria-hidden="true">
      <span class="eval-bar-black" style={{ width: `${(black * 100).toFixed(1)}%` }} />
    </div>
  );
}
