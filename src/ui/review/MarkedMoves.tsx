/**
 * Each side's marked moves, once the whole game is analysed: the counts ("1 blunder, 0 mistakes, …"), the
 * moves as buttons that show them (named as the move list numbers them: "14… L9?"), and what the marks
 * mean (the bands of the one rule in analysis/game-analysis.ts). While the analysis runs nothing is
 * counted: a "0 blunders" then would only mean "not reached yet".
 */
import { formatNumberedMove, formatPoint } from '../../core';
import { MARK_BANDS, type MoveVerdict, QUALITY_SYMBOL, type SideSummary } from './analysis/game-analysis';
import { percent, qualityName, qualityPhrase } from './review-words';
import * as m from '../words/paraglide/messages.js';
import './review.css';

/** "14… L9?": a marked move as its button shows it. */
export const markedMoveName = (v: MoveVerdict, size: number): string =>
  `${formatNumberedMove(v.ply + 1, v.player, formatPoint(size, v.point))}${QUALITY_SYMBOL[v.quality]}`;

interface MarkedMovesProps {
  readonly sides: readonly [SideSummary, SideSummary];
  readonly names: readonly [string, string];
  readonly size: number;
  /** The ply on the board: its move's button is marked current. */
  readonly shownPly: number;
  readonly onGo: (ply: number) => void;
}

export function MarkedMoves({ sides, names, size, shownPly, onGo }: MarkedMovesProps) {
  return (
    <div class="mistakes">
      {sides.map((side, i) => (
        <div key={i} class="mistakes-side">
          <p>
            <span class={`dot p${i + 1}`} aria-hidden="true" />{' '}
            {m.review_side_summary({
              name: names[i]!,
              blunders: m.review_count_blunders({ count: side.blunders }),
              mistakes: m.review_count_mistakes({ count: side.mistakes }),
              inaccuracies: m.review_count_inaccuracies({ count: side.inaccuracies }),
            })}
          </p>
          {side.marked.length > 0 && (
            <ul>
              {side.marked.map((v) => (
                <li key={v.ply}>
                  <button
                    type="button"
                    class={`q-${v.quality}`}
                    aria-current={v.ply + 1 === shownPly ? 'true' : undefined}
                    onClick={() => onGo(v.ply + 1)}
                  >
                    {markedMoveName(v, size)}
                    <span class="sr-only">
                      {m.review_marked_move({ quality: qualityPhrase(v.quality), drop: percent(v.drop) })}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
      <MarksLegend />
    </div>
  );
}

/** What ?!, ? and ?? mean: the drop in the mover's chance of winning that earns each. */
function MarksLegend() {
  return (
    <div class="marks-legend">
      <p>{m.review_marks_explained()}</p>
      <ul>
        {MARK_BANDS.map((band) => (
          <li key={band.quality} class={`q-${band.quality}`}>
            <span class="quality-symbol" aria-hidden="true">
              {band.symbol}
            </span>{' '}
            {band.to === null
              ? m.review_mark_band_open({ quality: qualityName(band.quality), from: percent(band.from) })
              : m.review_mark_band({
                  quality: qualityName(band.quality),
                  from: percent(band.from),
                  to: percent(band.to),
                })}
          </li>
        ))}
      </ul>
    </div>
  );
}
