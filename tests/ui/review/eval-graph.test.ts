import { describe, expect, it } from 'vitest';
import { graphGeometry } from '../../../src/ui/review/analysis/graph';

const BOX = { width: 300, height: 80, pad: 4 };

describe('the evaluation graph', () => {
  it('keeps every position inside the margin, so a dot at an end or a sure result is drawn whole', () => {
    const g = graphGeometry([0.5, 1, 0, 0.5], BOX);
    expect(g.x(0)).toBe(4);
    expect(g.x(3)).toBe(296);
    expect(g.y(1)).toBe(4);
    expect(g.y(0)).toBe(76);
    expect(g.y(0.5)).toBe(40);
  });

  it('draws the curve only through evaluated positions: an analysis still running has no line past it', () => {
    const running = graphGeometry([0.5, 0.6, null, null, null], BOX);
    expect(running.line).toBe('M4.0 40.0L77.0 32.8');
    expect(running.area).toBe('M4.0 40L4.0 40.0L77.0 32.8L77.0 40Z');
  });

  it('breaks the curve at a position not evaluated, rather than bridging it', () => {
    const gap = graphGeometry([0.5, null, 0.5], BOX);
    expect(gap.line).toBe('M4.0 40.0M296.0 40.0');
    expect(graphGeometry([null, null], BOX).line).toBe('');
  });

  it('maps a tap across the box to the nearest position, the margins to the ends', () => {
    const g = graphGeometry(
      Array.from({ length: 41 }, () => 0.5),
      BOX,
    );
    expect(g.positionAt(0)).toBe(0);
    expect(g.positionAt(2)).toBe(0);
    expect(g.positionAt(150)).toBe(20);
    expect(g.positionAt(g.x(13))).toBe(13);
    expect(g.positionAt(300)).toBe(40);
  });
});
