/**
 * Tabs tell each other when the player's progress changes (a puzzle answered, a lesson done, an import),
 * through a BroadcastChannel, so a tab showing it reads it again. Storage merges every write with what is
 * stored, so a tab that misses a message loses nothing: it only shows older progress until it reads again.
 */
export type ProgressKind = 'puzzles' | 'lessons';

const CHANNEL_NAME = 'pente-progress';
const KINDS: readonly ProgressKind[] = ['puzzles', 'lessons'];
const listeners = new Set<(kind: ProgressKind) => void>();
let channel: BroadcastChannel | null | undefined;

function openChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null;
    channel?.addEventListener('message', (event: MessageEvent<unknown>) => {
      const kind = event.data;
      if (!KINDS.includes(kind as ProgressKind)) return;
      for (const listener of listeners) listener(kind as ProgressKind);
    });
  }
  return channel;
}

/** Tells the other tabs and windows that this one changed the stored progress. */
export function announceProgressChange(kind: ProgressKind): void {
  openChannel()?.postMessage(kind);
}

/** Calls `listener` whenever another tab or window changes the stored progress; returns the unsubscribe. */
export function onProgressChange(listener: (kind: ProgressKind) => void): () => void {
  openChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}
