import { describe, expect, it } from 'vitest';
import { threadsFor } from '../../../src/ui/engine/threads';

describe('the computer threads setting', () => {
  it('automatic is the cores less one, at least 1, at most 8', () => {
    expect(threadsFor(0, 8)).toBe(7);
    expect(threadsFor(0, 4)).toBe(3);
    expect(threadsFor(0, 2)).toBe(1);
    expect(threadsFor(0, 1)).toBe(1);
    expect(threadsFor(0, undefined)).toBe(1);
    expect(threadsFor(0, 64)).toBe(8);
  });

  it('a chosen count is kept within 1–8', () => {
    expect(threadsFor(2, 2)).toBe(2);
    expect(threadsFor(8, 4)).toBe(8);
    expect(threadsFor(12, 4)).toBe(8);
    expect(threadsFor(-3, 4)).toBe(1);
  });
});
