/**
 * pente.org coordinates: columns are letters A–T skipping I, rows are numbered from the bottom, so K10 is
 * the centre of a 19x19 board. Internally row 0 is the top row.
 */
import { type Point, pointOf } from './board';

export const COLUMN_LETTERS = 'ABCDEFGHJKLMNOPQRST';

export function formatPoint(size: number, point: Point): string {
  const x = point % size;
  const y = (point - x) / size;
  return `${COLUMN_LETTERS[x]}${size - y}`;
}

/** Parses a coordinate such as "K10" (any letter case); undefined when it is malformed or off this board. */
export function parsePoint(size: number, text: string): Point | undefined {
  const m = /^([A-HJ-Ta-hj-t])(\d{1,2})$/.exec(text.trim());
  if (!m) return undefined;
  const x = COLUMN_LETTERS.indexOf(m[1]!.toUpperCase());
  const row = Number(m[2]);
  if (x >= size || row < 1 || row > size) return undefined;
  return pointOf(size, x, size - row);
}
