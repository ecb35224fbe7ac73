import { describe, expect, it } from 'vitest';
import { GIF_FRAME_MS, GIF_LAST_FRAME_MS, changesOnly, frameDelayMs } from '../../../src/ui/share/game-gif';
import { drawPosition } from '../../../src/ui/share/position-picture';
import { game } from '../../helpers';

/** A filled or stroked circle the picture drew: where, how big, and in what colour. */
interface Circle {
  readonly x: number;
  readonly y: number;
  readonly r: number;
  fill?: string;
  stroke?: string;
}

/** A canvas whose 2D context records the circles and the text drawn on it (Node has no canvas). */
function recordingCanvas() {
  const circles: Circle[] = [];
  const texts: { text: string; fill: string }[] = [];
  let path: Circle[] = [];
  const g = {
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    font: '',
    textAlign: '',
    textBaseline: '',
    fillRect: () => undefined,
    moveTo: () => undefined,
    lineTo: () => undefined,
    beginPath: () => (path = []),
    arc: (x: number, y: number, r: number) => {
      const c = { x, y, r };
      path.push(c);
      circles.push(c);
    },
    fill: () => path.forEach((c) => (c.fill = g.fillStyle)),
    stroke: () => path.forEach((c) => (c.stroke = g.strokeStyle)),
    fillText: (text: string) => texts.push({ text, fill: g.fillStyle }),
  };
  const canvas = { width: 0, height: 0, getContext: () => g } as unknown as HTMLCanvasElement;
  return { canvas, circles, texts };
}

describe('the picture of a position', () => {
  it('draws the coordinates, every stone, the winning five ringed in gold, the last move, and the names with their captures', () => {
    // Black's five K10–K14 with no captures on the way: 0/10 each.
    const state = game({ tournamentRule: false }, 'K10 A1 K11 A3 K12 A5 K13 A7 K14');
    const { canvas, circles, texts } = recordingCanvas();
    drawPosition(canvas, state, { names: ['Ann', 'Bob'], caption: 'Pente 19×19 · move 9 of 9' });
    expect([canvas.width, canvas.height]).toEqual([600, 728]);

    const cell = 600 / 20;
    const stones = circles.filter((c) => Math.abs(c.r - cell * 0.46) < 1e-9);
    expect(stones.filter((c) => c.fill === '#151515')).toHaveLength(5);
    expect(stones.filter((c) => c.fill === '#f7f4ec')).toHaveLength(4);
    expect(stones.filter((c) => c.stroke === '#e6a100')).toHaveLength(5);
    const last = circles.filter((c) => c.fill === '#d00000');
    expect(last).toHaveLength(1);
    // K14 is column 9, row 5 from the top (19 − 14), under a band of 64 px.
    expect([last[0]!.x, last[0]!.y]).toEqual([cell + 9 * cell, 64 + cell + 5 * cell]);
    const coordinates = texts.filter((t) => t.fill === '#4a2f0e').map((t) => t.text);
    expect(coordinates.filter((t) => /^[A-Z]$/.test(t)).join('')).toBe('ABCDEFGHJKLMNOPQRST');
    expect(coordinates.filter((t) => /^\d+$/.test(t)).map(Number)).toEqual(
      Array.from({ length: 19 }, (_, i) => 19 - i),
    );
    expect(texts.filter((t) => t.fill !== '#4a2f0e').map((t) => t.text)).toEqual([
      'Ann · 0/10',
      'Bob · 0/10',
      'Pente 19×19 · move 9 of 9',
    ]);
  });
});

describe('the GIF of a game', () => {
  it('writes the first frame whole and each later one as what changed over the one before', () => {
    const first = Uint8Array.of(1, 2, 3, 4);
    expect(changesOnly(first, null, 63)).toBe(first);
    expect([...changesOnly(Uint8Array.of(1, 5, 3, 6), first, 63)]).toEqual([63, 5, 63, 6]);
  });

  it('holds the last position longest', () => {
    expect([0, 1, 2].map((ply) => frameDelayMs(ply, 2))).toEqual([GIF_FRAME_MS, GIF_FRAME_MS, GIF_LAST_FRAME_MS]);
  });
});
