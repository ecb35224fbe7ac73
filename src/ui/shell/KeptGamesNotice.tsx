/**
 * Says that games are kept on this device unsaved (their save failed: storage was full), with Retry: on
 * Home and the Games screen, in the page's flow (a notice that stays must not cover what it is about).
 */
import { keptGames } from './app-state';

export function KeptGamesNotice() {
  const count = keptGames.value;
  if (count === 0) return null;
  return (
    <p class="kept-notice" role="alert">
      <span>
        {count === 1 ? 'A game is' : `${count} games are`} not saved yet: there is no room on this device.{' '}
        {count === 1 ? 'It is' : 'They are'} kept here and saved when there is room.
      </span>
      {/* live-session.ts (the live session) is not part of Home's first chunk: loaded when asked. */}
      <button type="button" onClick={() => void import('../play/live-session').then((m) => m.saveKeptGames())}>
        Retry
      </button>
    </p>
  );
}
