/**
 * Says that games are kept on this device unsaved (their save failed: storage was full), with Retry: on
 * Home and the Games screen, in the page's flow (a notice that stays must not cover what it is about).
 */
import { keptGames } from './app-state';
import * as m from '../words/paraglide/messages.js';

export function KeptGamesNotice() {
  const count = keptGames.value;
  if (count === 0) return null;
  return (
    <p class="kept-notice" role="alert">
      <span>{m.shell_kept_games({ count })}</span>
      {/* live-session.ts (the live session) is not part of Home's first chunk: loaded when asked. */}
      <button type="button" onClick={() => void import('../play/live-session').then((m) => m.saveKeptGames())}>
        {m.shell_retry()}
      </button>
    </p>
  );
}
