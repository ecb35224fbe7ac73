import './board.css';
/**
 * A small read-only picture of a position: the wood, the lines, the centre point and the stones, with the
 * last move marked. No input handling and no grid semantics (unlike Board.tsx): it is one image, named by
 * `label`, or hidden from assistive technology when it is only decoration.
 */
export interface BoardThumbnailProps {
  readonly size: number;
  /** One cell per point, row by row (0 empty, 1 black, 2 white), as GameState.cells. */
  readonly cells: ArrayLike<number>;
  readonly lastMove?: number | null;
  /** What the picture shows, for screen readers; without it the picture is decoration. */
  readonly label?: string;
}

const CELL = 10;

export function BoardThumbnail({ size, cells, lastMove = null, label }: BoardThumbnailProps) {
  const extent = size * CELL;
  const at = (i: number) => CELL / 2 + i * CELL;
  let lines = '';
  for (let i = 0; i < size; i++) lines += `M${at(0)} ${at(i)}H${at(size - 1)}M${at(i)} ${at(0)}V${at(size - 1)}`;
  const centre = at((size - 1) >> 1);
  const stones = [];
  for (let p = 0; p < size * size; p++) {
    const stone = cells[p];
    if (stone !== 1 && stone !== 2) continue;
    const x = at(p % size);
    const y = at(Math.floor(p / size));
    stones.push(<circle key={p} class={`thumb-stone p${stone}`} cx={x} cy={y} r={CELL * 0.46} />);
    if (p === lastMove) stones.push(<circle key="last" class="thumb-last" cx={x} cy={y} r={CELL * 0.16} />);
  }
  return (
    <svg
      class="board-thumbnail"
      viewBox={`0 0 ${extent} ${extent}`}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': 'true' })}
    >
      <rect class="wood" width={extent} height={extent} rx={CELL / 2} />
      <path class="thumb-lines" d={lines} />
      <circle class="star" cx={centre} cy={centre} r={CELL * 0.12} />
      {stones}
    </svg>
  );
}
