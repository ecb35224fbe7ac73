import { useEffect, useLayoutEffect, useMemo, useRef } from 'preact/hooks';
import { type GameState, formatMoveEntry, moveListEntries, moveListRows, movesCountOf } from '../../core';
import { type MoveVerdict, QUALITY_SYMBOL } from '../review/analysis/game-analysis';
import { qualityName } from '../review/review-words';
import { colourName, movePlace, movesTotal } from '../words/game-words';
import { formatNumber } from '../words/locale';
import * as words from '../words/paraglide/messages.js';
import './play.css';

interface MoveListProps {
  /** The live game: the list shows all of its moves, whatever position is on the board. */
  readonly game: GameState;
  /** The ply on the board (the live game's length when not reviewing). */
  readonly shownPly: number;
  /** Shows the position after `ply` moves. */
  readonly onGo: (ply: number) => void;
  /** The whole-game analysis's verdict on each move (by move index), to mark inaccuracies and worse. */
  readonly verdicts?: readonly (MoveVerdict | null)[];
}

/** The list's own scroll box, or the nearest box around it that scrolls (never the page); null if none. */
function scrollBoxOf(list: HTMLElement): HTMLElement | null {
  for (let el: HTMLElement | null = list; el && el !== document.body; el = el.parentElement) {
    const overflow = getComputedStyle(el).overflowY;
    if ((overflow === 'auto' || overflow === 'scroll') && el.scrollHeight > el.clientHeight) return el;
  }
  return null;
}

/**
 * The moves of the game, one row per full move ("3. H8 ×2 J9"), the move on the board highlighted; a tap on
 * a move shows the position after it. Above the list, a scrubber jumps anywhere in a long game. The list
 * is a scroll box of fixed maximum height that keeps the current move in view, so it never pushes the
 * controls above it around (on a tablet held upright, the panel around it is the one scroll box instead).
 */
export function MoveList({ game, shownPly, onGo, verdicts }: MoveListProps) {
  const entries = useMemo(() => moveListEntries(game), [game]);
  const rows = useMemo(() => moveListRows(entries), [entries]);
  const box = useRef<HTMLOListElement>(null);
  const total = entries.length;
  const { variant } = game.rules;

  // What the last tap landed on (null after a key): a tap in the panel beside the list (a marked move, the
  // graph) keeps the panel where it is, so that what was tapped stays in view.
  const tapped = useRef<EventTarget | null>(null);
  useEffect(() => {
    const onTap = (e: Event) => (tapped.current = e.target);
    const onKey = () => (tapped.current = null);
    document.addEventListener('pointerdown', onTap, true);
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('pointerdown', onTap, true);
      document.removeEventListener('keydown', onKey, true);
    };
  }, []);

  // Keep the current move in view by scrolling the box that holds the list (scrollIntoView would scroll
  // the page too): the list itself, or on a tablet held upright the panel it sits in.
  useLayoutEffect(() => {
    const list = box.current;
    if (!list) return;
    const scroller = scrollBoxOf(list);
    const current = list.querySelector<HTMLElement>('[aria-current="true"]');
    if (!scroller) return;
    const from = tapped.current;
    if (scroller !== list && from instanceof Node && scroller.contains(from) && !list.contains(from)) return;
    if (!current) {
      if (scroller === list) list.scrollTop = 0;
      return;
    }
    const top = current.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop;
    const bottom = top + current.offsetHeight;
    if (top < scroller.scrollTop) scroller.scrollTop = top;
    else if (bottom > scroller.scrollTop + scroller.clientHeight) scroller.scrollTop = bottom - scroller.clientHeight;
  }, [shownPly, total]);

  if (total === 0) return null;
  return (
    <section class="move-review" aria-label={words.play_moves()}>
      <label class="scrubber">
        <span class="scrubber-text" aria-hidden="true">
          {shownPly === 0 ? 0 : movePlace(shownPly, variant).number}/{movesTotal(total, variant)}
        </span>
        <input
          type="range"
          aria-label={words.play_go_to_move()}
          aria-valuetext={
            shownPly === 0
              ? words.play_scrub_start({ count: movesCountOf(variant, total) })
              : words.play_scrub_move({ ...movePlace(shownPly, variant), total: movesTotal(total, variant) })
          }
          min={0}
          max={total}
          step={1}
          value={shownPly}
          onInput={(e) => onGo(Number(e.currentTarget.value))}
        />
      </label>
      <ol class="move-list" ref={box}>
        {rows.map((row) => (
          <li key={row.number}>
            <span class="move-list-number" aria-hidden="true">
              {row.number}.
            </span>
            {row.moves.map((m) => {
              const verdict = verdicts?.[m.ply - 1];
              const symbol = verdict ? QUALITY_SYMBOL[verdict.quality] : '';
              const label = [
                words.play_move_label({ number: formatNumber(m.number), colour: colourName(m.player), point: m.name }),
                m.captured ? words.play_move_captures({ count: m.captured }) : '',
                m.poofed ? words.play_move_loses({ count: m.poofed }) : '',
                symbol ? qualityName(verdict!.quality) : '',
              ]
                .filter(Boolean)
                .join(words.play_separator());
              return (
                <button
                  key={m.ply}
                  type="button"
                  class={`p${m.player}${symbol ? ` q-${verdict!.quality}` : ''}`}
                  aria-current={m.ply === shownPly ? 'true' : undefined}
                  aria-label={label}
                  onClick={() => onGo(m.ply)}
                >
                  {formatMoveEntry(m)}
                  {symbol && <span class="quality-symbol">{symbol}</span>}
                </button>
              );
            })}
          </li>
        ))}
      </ol>
    </section>
  );
}
