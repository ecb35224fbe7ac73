/**
 * What the app says about a link it cannot open: a damaged or unknown URL of ours, a game link that
 * cannot be read, a friend's link that does not match the game here. Always a clear message and the way
 * back; nothing is stored.
 */
import type { ComponentChildren } from 'preact';
import { ScreenHeader } from './ScreenHeader';
import { type BadLinkWhy, badLinkWhy, navigateHome } from './router';
import * as m from '../words/paraglide/messages.js';

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
          {m.shell_back_to_menu()}
        </button>
      </div>
    </main>
  );
}

/** What is wrong with a URL of ours, in words (a whole sentence each). */
const BAD_LINK_WORDS: Readonly<Record<BadLinkWhy, () => string>> = {
  'broken-escape': m.shell_bad_link_broken_escape,
  'cut-short': m.shell_bad_link_cut_short,
  'no-screen': m.shell_bad_link_no_screen,
};

/** The screen of a URL of ours that names nothing (`#/play/%E0%A4%A`, `#/nowhere`). */
export function BadLink() {
  return <LinkProblem title={m.shell_bad_link_title()} message={BAD_LINK_WORDS[badLinkWhy.value]()} />;
}
