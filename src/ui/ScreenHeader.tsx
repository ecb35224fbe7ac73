/**
 * A screen's header: a back button and a title. Its own module so the screens need not import App.tsx,
 * which imports the screens.
 */
import { type Screen, screen } from './app-state';

export function ScreenHeader({ title, back = 'home' }: { title: string; back?: Screen }) {
  return (
    <header class="screen-header">
      <button type="button" class="back" aria-label="Back" onClick={() => (screen.value = back)}>
        ‹
      </button>
      <h1>{title}</h1>
    </header>
  );
}
