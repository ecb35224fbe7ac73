/**
 * Where the openings explorer opens: the Games screen opens it at the empty board, the review's book panel
 * at the position shown. Its own small module so those screens do not load the explorer's chunk.
 */
import { signal } from '@preact/signals';
import type { Point, Rules } from '../../core';
import { navigate } from '../shell/router';

export interface ExplorerStart {
  readonly rules: Rules;
  readonly moves: readonly Point[];
}

/** The start asked for; null: the empty board of the default game (Pente 19×19, the book's main line). */
export const explorerStart = signal<ExplorerStart | null>(null);

export function openExplorer(start: ExplorerStart | null = null): void {
  explorerStart.value = start;
  navigate({ screen: 'openings' });
}
