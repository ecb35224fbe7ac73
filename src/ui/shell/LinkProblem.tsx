/**
 * What the app says about a link it cannot open: a damaged or unknown URL of ours, a game link that
 * cannot be read, a friend's link that does not match the game here. Always a clear message and the way
 * back; nothing is stored.
 */
import type { ComponentChildren } from 'preact';
import { ScreenHeader } from './ScreenHeader';
import { badLinkWhy, navigateHome } from './router';

export function LinkProblem({
  title,
  message,
  children,
}: {
  readonly title: string;
  readonly message: string;
  /** More ways on (e.g. "Open your game"), before the way back. */
  readonly children?: ComponentChildren;
}) {
  return (
    <main class="link-problem">
      <ScreenHeader title={title} />
      <p class="notice" role="alert">
        {message}
      </p>
      <div class="actions">
        {children}
        <button type="button" onClick={navigateHome}>
          Back to the menu
        </button>
      </div>
    </main>
  );
}

/** The screen of a URL of ours that names nothing (`#/play/%E0%A4%A`, `#/nowhere`). */
export function BadLink() {
  return <LinkProblem title="This link cannot be opened" message={`This link cannot be opened: ${badLinkWhy.value}`} />;
}
