/**
 * The board: draws stones and markers and reports taps. It knows no rules; the caller passes the
 * position and what to mark, and decides what a tap means (the chessground way).
 */
import { formatPoint } from '../core/coords';

export interface BoardProps {
  readonly size: number;
  readonly cells: ArrayLike<number>;
  readonly lastMove?: number | null;
  /** A ghost stone where the player is about to play. */
  readonly preview?: { readonly point: number; readonly player: 1 | 2 } | null;
  /** Stones to mark, such as those the previewed move would capture. */
  readonly marked?: readonly number[];
  /** Stones to highlight, such as the winning five. */
  readonly highlighted?: readonly number[];
  readonly onPoint: (point: number) => void;
}

const CELL = 10;
const STONE_NAMES = ['empty', 'black stone', 'white stone'] as const;

export function Board({ size, cells, lastMove, preview, marked = [], highlighted = [], onPoint }: BoardProps) {
  const extent = (size + 1) * CELL;
  const at = (i: number) => (i + 1) * CELL;
  const lines = [];
  for (let i = 0; i < size; i++) {
    lines.push(`M${at(0)} ${at(i)}H${at(size - 1)}M${at(i)} ${at(0)}V${at(size - 1)}`);
  }
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = [];
    for (let x = 0; x < size; x++) {
      const p = y * size + x;
      const stone = cells[p] as 0 | 1 | 2;
      row.push(
        <g
          key={p}
          role="gridcell"
          aria-label={`${formatPoint(size, p)}, ${STONE_NAMES[stone]}`}
          onClick={() => onPoint(p)}
        >
          <rect x={at(x) - CELL / 2} y={at(y) - CELL / 2} width={CELL} height={CELL} fill="transparent" />
          {stone !== 0 && (
            <circle
              cx={at(x)}
              cy={at(y)}
              r={CELL * 0.45}
              class={`stone p${stone}${highlighted.includes(p) ? ' win' : ''}${marked.includes(p) ? ' marked' : ''}`}
            />
          )}
          {p === lastMove && <circle cx={at(x)} cy={at(y)} r={CELL * 0.12} class="last-move" />}
          {preview?.point === p && (
            <circle cx={at(x)} cy={at(y)} r={CELL * 0.45} class={`stone ghost p${preview.player}`} />
          )}
        </g>,
      );
    }
    rows.push(
      <g key={y} role="row">
        {row}
      </g>,
    );
  }
  return (
    <svg class="board" viewBox={`0 0 ${extent} ${extent}`} role="grid" aria-label={`${size} by ${size} board`}>
      <rect class="wood" width={extent} height={extent} rx={CELL / 3} />
      <path class="grid-lines" d={lines.join('')} />
      {rows}
    </svg>
  );
}
