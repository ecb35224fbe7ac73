/** The app shell: for now, pass-and-play on one device with tap-to-preview, tap-again to place. */
import { computed, signal } from '@preact/signals';
import {
  type BoardSize,
  type GameState,
  MAX_CAPTURED_PER_MOVE,
  findCaptures,
  illegality,
  newGame,
  play,
  undo,
  winningLine,
} from '../core';
import { formatPoint } from '../core/coords';
import { Board } from './Board';

const game = signal<GameState>(newGame({ size: 19 }));
const preview = signal<number | null>(null);
const notice = signal<string>('');

const captureBuffer = new Int16Array(MAX_CAPTURED_PER_MOVE);

/** Stones the previewed move would capture, so the player sees them before confirming. */
const previewCaptures = computed(() => {
  const p = preview.value;
  const s = game.value;
  if (p === null) return [];
  const n = findCaptures(s.cells, s.rules.size, p, s.toMove, s.rules.variant.captureLengths, captureBuffer);
  return Array.from(captureBuffer.subarray(0, n));
});

const PLAYER_NAMES = ['', 'Black', 'White'] as const;

function status(s: GameState): string {
  if (s.result) {
    if (s.result.winner === null) return 'Draw: the board is full.';
    const how = { five: 'five in a row', captures: 'captures', resignation: 'resignation', time: 'time' }[
      s.result.reason
    ];
    return `${PLAYER_NAMES[s.result.winner]} wins by ${how}.`;
  }
  return `${PLAYER_NAMES[s.toMove]} to move.`;
}

function tap(point: number) {
  const s = game.value;
  const why = illegality(s, point);
  if (why) {
    notice.value = why.message;
    preview.value = null;
    return;
  }
  notice.value = '';
  if (preview.value === point) confirm();
  else preview.value = point;
}

function confirm() {
  const p = preview.value;
  if (p === null) return;
  const next = play(game.value, p);
  preview.value = null;
  if (next.ok) game.value = next.value;
  else notice.value = next.error.message;
}

function restart(size: BoardSize) {
  game.value = newGame({ size });
  preview.value = null;
  notice.value = '';
}

export function App() {
  const s = game.value;
  const size = s.rules.size;
  return (
    <main class="app">
      <header class="bar">
        <h1>Pente</h1>
        <label>
          Board{' '}
          <select
            aria-label="Board size"
            value={size}
            onChange={(e) => restart(Number(e.currentTarget.value) as BoardSize)}
          >
            <option value="9">9×9</option>
            <option value="13">13×13</option>
            <option value="19">19×19</option>
          </select>
        </label>
      </header>
      <Board
        size={size}
        cells={s.cells}
        lastMove={s.lastMove?.point ?? null}
        preview={preview.value === null ? null : { point: preview.value, player: s.toMove }}
        marked={previewCaptures.value}
        highlighted={winningLine(s)}
        onPoint={tap}
      />
      <p class="status" role="status">
        {status(s)} Captured: Black {s.captures[0]}, White {s.captures[1]}.
        {preview.value !== null && ` Preview at ${formatPoint(size, preview.value)}.`}
      </p>
      {notice.value && <p class="notice">{notice.value}</p>}
      <div class="actions">
        <button type="button" onClick={confirm} disabled={preview.value === null}>
          Confirm move
        </button>
        <button
          type="button"
          onClick={() => {
            game.value = undo(game.value);
            preview.value = null;
          }}
          disabled={s.moves.length === 0}
        >
          Undo
        </button>
        <button type="button" onClick={() => restart(size)}>
          New game
        </button>
      </div>
    </main>
  );
}
