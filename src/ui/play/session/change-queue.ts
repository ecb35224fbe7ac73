/**
 * Changes run one at a time: each starts once the one before it has settled (saved, or failed to be), so
 * each is computed from the match as last saved. A failed change does not stop the ones after it.
 */
export class ChangeQueue {
  private tail: Promise<unknown> = Promise.resolve();

  /** Runs `task` after everything queued so far; resolves (or rejects) with its outcome. */
  run<T>(task: () => T | PromiseLike<T>): Promise<T> {
    const done = this.tail.then(task);
    this.tail = done.catch(() => undefined);
    return done;
  }

  /** Resolves once everything queued so far has settled. */
  settled(): Promise<void> {
    return this.tail.then(() => undefined);
  }
}
