/**
 * A screen's header: a back button and a title. Its own module so the screens need not import App.tsx,
 * which imports the screens.
 */
import { goBack } from './router';
import * as m from '../words/paraglide/messages.js';

/** Back is the system Back's twin: the previous in-app screen, else Home. */
export function ScreenHeader({ title }: { title: string }) {
  return (
    <header class="screen-header">
      <button type="button" class="back" aria-label={m.shell_back()} onClick={goBack}>
        ‹
      </button>
      <h1>{title}</h1>
    </header>
  );
}
