/**
 * The openings book's moves for a position, asked of the engine's worker (the page never reads the book):
 * asked again, the last question aborted, whenever the position changes, and only while `asking`. Shared
 * by the review's book panel and the openings explorer.
 */
import { useEffect, useState } from 'preact/hooks';
import type { GameState } from '../../core';
import { type BookMove, type BookSource, enginePositionKey, isEngineError } from './client';

export type BookLookup =
  | { readonly status: 'loading' }
  | { readonly status: 'done'; readonly moves: readonly BookMove[] | null }
  | { readonly status: 'failed'; readonly message: string };

export function useBookMoves(state: GameState, book: BookSource, asking = true): BookLookup {
  /** The answer and the position it is for: an answer for an earlier position is never shown. */
  const [lookup, setLookup] = useState<{ key: string; lookup: BookLookup } | null>(null);
  const key = enginePositionKey(state);
  useEffect(() => {
    if (!asking) return;
    const controller = new AbortController();
    book.bookMoves(state, { signal: controller.signal }).then(
      (moves) => setLookup({ key, lookup: { status: 'done', moves } }),
      (error: unknown) => {
        // Aborted: the position changed or the asker stopped, and the next lookup (if any) takes over.
        if (isEngineError(error) && error.kind === 'aborted') return;
        const message = error instanceof Error ? error.message : String(error);
        setLookup({ key, lookup: { status: 'failed', message } });
      },
    );
    return () => controller.abort();
    // The key names the position, so the lookup runs again exactly when the position changes.
  }, [asking, key]);
  return lookup && lookup.key === key ? lookup.lookup : { status: 'loading' };
}
