/**
 * The hint: the engine's suggestion for the side to move, asked for by the player. It belongs to the
 * position it was asked in: any change (a move, review, a reload) clears it, and an answer that comes
 * after the match moved on is dropped.
 */
import { type ReadonlySignal, signal } from '@preact/signals';
import type { Point } from '../../../core';
import { isEngineError } from '../../engine/client';
import { type Match, isHumanTurn } from './match';
import type { MoveSource } from './ports';
import * as words from '../../words/paraglide/messages.js';

/** A hint thinks this long, at full strength. */
const HINT_MS = 1000;

export interface HintsHost {
  readonly moves: MoveSource;
  readonly notify: (text: string, tone?: 'news' | 'problem') => void;
  /** The match as it stands now. */
  readonly match: ReadonlySignal<Match>;
  readonly isClosed: () => boolean;
}

export class Hints {
  /** The suggested point, shown on the board until the position changes. */
  readonly point = signal<Point | null>(null);

  constructor(private readonly o: HintsHost) {}

  clear(): void {
    this.point.value = null;
  }

  /** Asks the engine for a suggestion for the side to move (nothing on the computer's turn). */
  async request(): Promise<void> {
    const m = this.o.match.value;
    if (!isHumanTurn(m)) return;
    this.clear();
    try {
      const answer = await this.o.moves.move(
        m.game,
        { timeMs: HINT_MS },
        { isCurrent: () => this.o.match.value === m && !this.o.isClosed() },
      );
      if (this.o.match.value === m) this.point.value = answer.move;
    } catch (e) {
      if (isEngineError(e) && (e.kind === 'aborted' || e.kind === 'stale')) return;
      this.o.notify(words.play_hint_failed(), 'problem');
    }
  }
}
