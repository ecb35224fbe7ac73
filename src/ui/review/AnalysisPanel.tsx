/**
 * The analysis panel under the move list: the engine's view of the shown position (a win-chance bar, its
 * best three moves with their lines; the board draws the chosen line) and the whole-game analysis (progress,
 * the evaluation graph, each side's marked moves). State lives in the AnalysisController; this only draws it.
 */
import type { GameState, Player } from '../../core';
import { formatPoint } from '../../core';
import type { AnalysisLineAnswer } from '../engine/client';
import type { AnalysisController } from './analysis/controller';
import {
  type MoveQuality,
  type MoveVerdict,
  QUALITY_SYMBOL,
  blackChances,
  progressOf,
  summarize,
  verdicts,
} from './analysis/game-analysis';
import { EvalGraph } from './EvalGraph';
import { count } from '../words/plural';

const COLOURS = ['', 'Black', 'White'] as const;
const QUALITY_WORDS: Readonly<Record<MoveQuality, string>> = {
  best: 'the best move',
  good: 'a good move',
  inaccuracy: 'an inaccuracy',
  mistake: 'a mistake',
  blunder: 'a blunder',
};

const percent = (chance: number) => `${Math.round(chance * 100)}%`;

/** A line's value in words, for the side to move: "62%", or "wins in 3" / "loses in 2". */
function lineValue(line: AnalysisLineAnswer): string {
  const { score } = line;
  if (score.kind === 'win') return `wins in ${score.moves}`;
  if (score.kind === 'loss') return `loses in ${score.moves}`;
  return percent(line.winChance);
}

/** The position's value for the player: who is better, by how much, or who has a forced win. */
function positionText(best: AnalysisLineAnswer, toMove: Player, names: readonly [string, string]): string {
  const mover = `${names[toMove - 1]} (${COLOURS[toMove]})`;
  const other = `${names[2 - toMove]} (${COLOURS[3 - toMove]})`;
  const { score } = best;
  if (score.kind === 'win') return `${mover} wins in ${score.moves}.`;
  if (score.kind === 'loss') return `${other} wins in ${score.moves}.`;
  const black = toMove === 1 ? best.winChance : 1 - best.winChance;
  return `Black ${percent(black)} · White ${percent(1 - black)}`;
}

/** "14. L9" for move index 13 (0-based), as the move list numbers it. */
const moveName = (v: MoveVerdict, size: number) =>
  `${Math.floor(v.ply / 2) + 1}.${v.player === 2 ? '..' : ''} ${formatPoint(size, v.point)}${QUALITY_SYMBOL[v.quality]}`;

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
  const [blackSide, whiteSide] = summarize(all);

  return (
    <section class="analysis" aria-label="Analysis">
      <div class="analysis-head">
        <label class="switch">
          <input
            type="checkbox"
            checked={engineOn}
            disabled={!allowed}
            onChange={(e) => analysis.setEngineOn(e.currentTarget.checked)}
          />
          <span>Engine</span>
        </label>
        <p class="analysis-value" aria-live="polite">
          {!allowed
            ? 'Analysis opens in review and after the game.'
            : shown.result
              ? 'The game is over.'
              : engineOn
                ? lines?.[0]
                  ? positionText(lines[0], shown.toMove, names)
                  : 'Thinking…'
                : ''}
        </p>
      </div>
      {engineOn && allowed && !shown.result && (
        <>
          <EvalBar black={lines?.[0] ? (shown.toMove === 1 ? lines[0].winChance : 1 - lines[0].winChance) : 0.5} />
          <ol class="analysis-lines" aria-label="The engine’s best moves">
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
      {shownVerdict && (
        <p class={`verdict q-${shownVerdict.quality}`}>
          {formatPoint(size, shownVerdict.point)} was {QUALITY_WORDS[shownVerdict.quality]}
          {shownVerdict.drop >= 0.02 ? ` (−${Math.round(shownVerdict.drop * 100)}%)` : ''}.
          {shownVerdict.best >= 0 && shownVerdict.best !== shownVerdict.point && shownVerdict.quality !== 'best'
            ? ` Best was ${formatPoint(size, shownVerdict.best)}.`
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
            {whole && progress && progress.done > 0 ? 'Go on analysing the game' : 'Analyse this game'}
          </button>
        ) : null}
        {running && progress && (
          <div class="analysis-progress">
            <progress max={progress.total} value={progress.done} aria-label="Game analysis" />
            <span>
              Analysing… {progress.done} of {count(progress.total, 'position')}
            </span>
            <button type="button" onClick={() => analysis.stopGameAnalysis()}>
              Stop
            </button>
          </div>
        )}
        {whole && progress && progress.done > 0 && (
          <>
            <EvalGraph chances={blackChances(whole, game)} verdicts={all} shownPly={shown.moves.length} onGo={onGo} />
            <div class="mistakes">
              {([blackSide, whiteSide] as const).map((side, i) => (
                <div key={i} class="mistakes-side">
                  <p>
                    <span class={`dot p${i + 1}`} aria-hidden="true" /> {names[i]}: {count(side.blunders, 'blunder')},{' '}
                    {count(side.mistakes, 'mistake')}, {count(side.inaccuracies, 'inaccuracy', 'inaccuracies')}
                  </p>
                  {side.marked.length > 0 && (
                    <ul>
                      {side.marked.map((v) => (
                        <li key={v.ply}>
                          <button type="button" class={`q-${v.quality}`} onClick={() => onGo(v.ply + 1)}>
                            {moveName(v, size)}
                            <span class="sr-only">
                              {' '}
                              (move {v.ply + 1}): {QUALITY_WORDS[v.quality]}, −{Math.round(v.drop * 100)}%
                            </span>
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              ))}
            </div>
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
