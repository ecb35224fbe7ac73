/**
 * The picture of a position that the share sheet offers (a PNG) and the GIF is made of: the board with its
 * coordinates (as the board shows them, so a move named in a message can be found), stones, the last move
 * and a winning five, the names and captures above it and a caption below.
 *
 * It is drawn with the canvas 2D API from the same geometry as the board, not by loading the board's SVG
 * into an image: an SVG image needs a blob: or data: URL, which the CSP's img-src does not allow, and the
 * board's SVG takes its colours from the stylesheet, which an SVG image would not see.
 */
import { COLUMN_LETTERS, type GameState, winningLine } from '../../core';
import * as m from '../words/paraglide/messages.js';

/** The picture's width in pixels: sharp on a phone, small as a PNG (tens of kilobytes). */
const PICTURE_WIDTH = 600;
const BAND = 64;
const COLOURS = { wood: '#dcb06a', line: '#4a2f0e', black: '#151515', white: '#f7f4ec', last: '#d00000' };
const WIN_COLOUR = '#e6a100';

export interface PictureInfo {
  readonly names: readonly [string, string];
  /** A line under the board: the game and the move shown. */
  readonly caption: string;
}

/** Draws a position with the names and captures above and a caption below; the canvas is resized to fit. */
export function drawPosition(canvas: HTMLCanvasElement, state: GameState, info: PictureInfo): void {
  const size = state.rules.size;
  const width = PICTURE_WIDTH;
  canvas.width = width;
  canvas.height = width + 2 * BAND;
  const g = canvas.getContext('2d');
  if (!g) return;
  const cell = width / (size + 1);
  const at = (i: number) => cell + i * cell;
  const top = BAND;

  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.fillStyle = COLOURS.wood;
  g.fillRect(0, top, width, width);
  g.strokeStyle = COLOURS.line;
  g.lineWidth = 1;
  g.beginPath();
  for (let i = 0; i < size; i++) {
    g.moveTo(at(0), top + at(i));
    g.lineTo(at(size - 1), top + at(i));
    g.moveTo(at(i), top + at(0));
    g.lineTo(at(i), top + at(size - 1));
  }
  g.stroke();
  const centre = (size - 1) >> 1;
  g.fillStyle = COLOURS.line;
  g.beginPath();
  g.arc(at(centre), top + at(centre), cell * 0.12, 0, 2 * Math.PI);
  g.fill();
  // Letters across the top and numbers down the left, in the margin around the lines (a cell wide).
  g.font = `${Math.round(cell * 0.42)}px system-ui, sans-serif`;
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  for (let i = 0; i < size; i++) {
    g.fillText(COLUMN_LETTERS[i]!, at(i), top + cell * 0.45);
    g.fillText(String(size - i), cell * 0.45, top + at(i));
  }
  g.textAlign = 'start';

  const five = new Set(winningLine(state));
  for (let p = 0; p < size * size; p++) {
    const stone = state.cells[p];
    if (stone !== 1 && stone !== 2) continue;
    const x = at(p % size);
    const y = top + at(Math.floor(p / size));
    g.beginPath();
    g.arc(x, y, cell * 0.46, 0, 2 * Math.PI);
    g.fillStyle = stone === 1 ? COLOURS.black : COLOURS.white;
    g.fill();
    g.lineWidth = five.has(p) ? cell * 0.12 : 1;
    g.strokeStyle = five.has(p) ? WIN_COLOUR : '#222222';
    g.stroke();
  }
  const last = state.lastMove?.point;
  if (last !== undefined) {
    g.beginPath();
    g.arc(at(last % size), top + at(Math.floor(last / size)), cell * 0.16, 0, 2 * Math.PI);
    g.fillStyle = COLOURS.last;
    g.fill();
  }

  // The names, each with a stone of its colour and, where captures count, how many it has taken.
  const target = state.rules.variant.captureWin;
  g.textBaseline = 'middle';
  g.font = '600 22px system-ui, sans-serif';
  for (const player of [1, 2] as const) {
    const y = BAND / 2;
    const x0 = player === 1 ? 12 : width / 2 + 6;
    g.beginPath();
    g.arc(x0 + 12, y, 11, 0, 2 * Math.PI);
    g.fillStyle = player === 1 ? COLOURS.black : COLOURS.white;
    g.fill();
    g.strokeStyle = '#222222';
    g.lineWidth = 1.5;
    g.stroke();
    const captured = target === null ? '' : ` · ${state.captures[player - 1]}/${target}`;
    g.fillStyle = '#1d1a16';
    g.fillText(`${info.names[player - 1]}${captured}`, x0 + 30, y, width / 2 - 48);
  }
  g.font = '20px system-ui, sans-serif';
  g.fillStyle = '#5a5147';
  g.fillText(info.caption, 12, top + width + BAND / 2, width - 24);
}

/** The canvas as a PNG file. */
export function pngOf(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error(m.share_picture_failed()))), 'image/png'),
  );
}
