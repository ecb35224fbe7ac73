/**
 * JSON.parse of a big file in small steps, for runInSlices (slices.ts): one JSON.parse of the 4.4 MB file of
 * 12,000 games that `npm run measure:games-list` imports takes 55-130 ms (Node, this 2-core machine), and
 * under the profiler 207 ms in one page task, and no part of it can be interrupted. An export file is an
 * object whose big members are arrays (games, players, damaged records), so the text is scanned once for
 * where each element of those arrays begins and ends, a few kilobytes per step, and each element is then
 * parsed on its own, one per step. In steps the same file takes 100-235 ms in all, none of it at once.
 *
 * The result is what JSON.parse gives, and invalid JSON is refused just as it refuses it: every element is
 * parsed by JSON.parse, and so is the rest of the file (the skeleton), with each array written as `[k]`,
 * which is valid JSON exactly when the array's place in the file holds a value. Text that is not an object
 * is parsed whole (it is not an export file, and is refused after).
 */
import { ok } from '../core';
import { type StorageResult, fail } from './errors';

/**
 * Characters scanned per step: small next to a slice's budget, since most of an export's text is inside
 * strings, which are skipped with indexOf.
 */
const SCAN_STEP = 16_384;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;

const isJsonSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

function onlyJsonSpace(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (!isJsonSpace(text.charCodeAt(i))) return false;
  return true;
}

/** The index just past the string whose opening quote is at `open`, or -1 when it does not close. */
function stringEnd(text: string, open: number): number {
  for (let quote = text.indexOf('"', open + 1); quote >= 0; quote = text.indexOf('"', quote + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
  }
  return -1;
}

const parse = (text: string): StorageResult<unknown> => {
  try {
    return ok(JSON.parse(text));
  } catch (e) {
    const detail = e instanceof Error ? e.message : String(e);
    return fail('invalid', { kind: 'not-json', detail }, detail, e);
  }
};

/**
 * Parses `text` as JSON, yielding between steps how many of its characters have been dealt with (the
 * scan counts for the first half, the elements' parsing for the second). Returns the value, or 'invalid'
 * with the parser's message (which may quote the text: clean it before showing it).
 */
export function* parseJsonInSteps(text: string): Generator<number, StorageResult<unknown>, undefined> {
  let i = 0;
  while (i < text.length && isJsonSpace(text.charCodeAt(i))) i++;
  if (text.charCodeAt(i) !== OPEN_OBJECT) return parse(text);

  /** Each top-level array's elements, as [start, end) spans of the text. */
  const arrays: [number, number][][] = [];
  const skeleton: string[] = [];
  let skeletonFrom = 0;
  let elements: [number, number][] | null = null;
  let elementStart = 0;
  let depth = 0;
  for (let nextStep = SCAN_STEP; i < text.length; i++) {
    if (i >= nextStep) {
      yield Math.floor(i / 2);
      nextStep = i + SCAN_STEP;
    }
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const end = stringEnd(text, i);
      if (end < 0) return parse(text); // an unclosed string: the parser says where
      i = end - 1;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (depth === 1 && c === OPEN_ARRAY) {
        // A member of the top-level object whose value is an array: its elements are split out.
        elements = [];
        elementStart = i + 1;
        skeleton.push(text.slice(skeletonFrom, i), `[${arrays.length}]`);
        arrays.push(elements);
      }
      depth++;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      depth--;
      if (depth === 1 && elements) {
        // An empty array has no element; anything else between the brackets is one (maybe an empty one,
        // as in "[1,]", which its JSON.parse refuses).
        if (elements.length > 0 || !onlyJsonSpace(text, elementStart, i)) elements.push([elementStart, i]);
        elements = null;
        skeletonFrom = i + 1;
      }
      if (depth < 0) return parse(text);
    } else if (c === COMMA && depth === 2 && elements) {
      elements.push([elementStart, i]);
      elementStart = i + 1;
    }
  }
  if (elements) return parse(text); // an array left open
  skeleton.push(text.slice(skeletonFrom));
  const outer = parse(skeleton.join(''));
  if (!outer.ok) return outer;
  const value = outer.value as Record<string, unknown>;

  const parsed: unknown[][] = [];
  let done = 0;
  for (const spans of arrays) {
    const values: unknown[] = [];
    for (const [start, end] of spans) {
      const element = parse(text.slice(start, end));
      if (!element.ok) return element;
      values.push(element.value);
      done += end - start;
      yield Math.floor((text.length + done) / 2);
    }
    parsed.push(values);
  }
  // Every array in the skeleton's top level is one of the placeholders: each names its array. Defined
  // rather than assigned, so a member named "__proto__" stays a member, as JSON.parse makes it.
  for (const [key, member] of Object.entries(value)) {
    if (!Array.isArray(member)) continue;
    Object.defineProperty(value, key, {
      value: parsed[member[0] as number],
      writable: true,
      enumerable: true,
      configurable: true,
    });
  }
  return ok(value);
}
