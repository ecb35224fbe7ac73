/** Home's menu tiles: a line drawing and a label, a third, half or all of a row. */
import type { ComponentChildren } from 'preact';

/** The menu's icons: simple line drawings in the text colour, decoration only. */
const ICONS: Record<string, ComponentChildren> = {
  demo: (
    <>
      <circle cx="8" cy="12" r="4.5" fill="currentColor" />
      <circle cx="16" cy="12" r="4.5" />
    </>
  ),
  games: <path d="M5 6h14M5 12h14M5 18h10" />,
  players: (
    <>
      <circle cx="12" cy="8" r="3.5" />
      <path d="M5 20c0-4 3-6 7-6s7 2 7 6" />
    </>
  ),
  settings: (
    <>
      <path d="M4 7h16M4 17h16" />
      <circle cx="9" cy="7" r="2.2" fill="currentColor" />
      <circle cx="15" cy="17" r="2.2" fill="currentColor" />
    </>
  ),
  rules: (
    <>
      <path d="M5 5h6a2 2 0 0 1 2 2v12a2 2 0 0 0-2-2H5zM19 5h-4a2 2 0 0 0-2 2v12a2 2 0 0 1 2-2h4z" />
    </>
  ),
  about: (
    <>
      <circle cx="12" cy="12" r="8" />
      <path d="M12 11v5M12 8v.5" />
    </>
  ),
  new: <path d="M12 5v14M5 12h14" />,
  friend: (
    <>
      <circle cx="8" cy="9" r="3" />
      <circle cx="16.5" cy="9" r="3" fill="currentColor" />
      <path d="M3 19c0-3 2.2-5 5-5s5 2 5 5M12.5 19c.3-2.8 2-5 4-5 2.6 0 4.5 2 4.5 5" />
    </>
  ),
  people: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M3.5 12h17M12 3.5c-2.6 2.4-3.8 5.2-3.8 8.5s1.2 6.1 3.8 8.5M12 3.5c2.6 2.4 3.8 5.2 3.8 8.5s-1.2 6.1-3.8 8.5" />
    </>
  ),
  learn: (
    <>
      <path d="M2.5 9 12 5l9.5 4-9.5 4z" />
      <path d="M6.5 11v4.5c0 1.4 2.5 2.8 5.5 2.8s5.5-1.4 5.5-2.8V11M21.5 9v5" />
    </>
  ),
  puzzles: (
    <>
      <path d="M5 5h14v14H5zM5 12h14M12 5v14" />
      <circle cx="8.5" cy="8.5" r="2" fill="currentColor" />
      <circle cx="15.5" cy="15.5" r="2" />
    </>
  ),
};

/** A menu tile: a third of a row, half of one, the whole row, or the whole row as the main action. */
type TileWidth = 'third' | 'half' | 'wide' | 'primary';
const TILE_CLASS: Record<TileWidth, string> = {
  third: 'tile',
  half: 'tile tile-half',
  wide: 'tile tile-wide',
  primary: 'tile tile-wide primary',
};

export function Tile({
  icon,
  label,
  onClick,
  width = 'third',
}: {
  icon: string;
  label: string;
  onClick: () => void;
  width?: TileWidth;
}) {
  return (
    <button type="button" class={TILE_CLASS[width]} onClick={onClick}>
      <svg class="tile-icon" viewBox="0 0 24 24" aria-hidden="true">
        {ICONS[icon]}
      </svg>
      <span>{label}</span>
    </button>
  );
}
