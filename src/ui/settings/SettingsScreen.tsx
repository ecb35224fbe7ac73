import type { BoardStyle, InputMode, RematchStarter, Theme } from '../../storage';
import { ScreenHeader } from '../shell/ScreenHeader';
import { settings, updateSettings } from '../shell/app-state';
import { THREAD_CHOICES, threadsFor } from '../engine/threads';
import { LanguageSetting } from '../settings/LanguageSetting';

export function SettingsScreen() {
  const s = settings.value;
  const toggle = (key: 'showCoordinates' | 'showMoveNumbers' | 'showEngineLine' | 'haptics', label: string) => (
    <label class="check">
      <input
        type="checkbox"
        checked={s[key]}
        onChange={(e) => void updateSettings({ [key]: e.currentTarget.checked })}
      />
      {label}
    </label>
  );
  return (
    <main class="form-screen">
      <ScreenHeader title="Settings" />
      <form onSubmit={(e) => e.preventDefault()}>
        <LanguageSetting />
        <label>
          Theme
          <select value={s.theme} onChange={(e) => void updateSettings({ theme: e.currentTarget.value as Theme })}>
            <option value="system">As the system</option>
            <option value="light">Light</option>
            <option value="dark">Dark</option>
          </select>
        </label>
        <label>
          Board
          <select
            value={s.boardStyle}
            onChange={(e) => void updateSettings({ boardStyle: e.currentTarget.value as BoardStyle })}
          >
            <option value="wood">Wood</option>
            <option value="plain">Plain</option>
          </select>
        </label>
        <label>
          Placing a stone
          <select
            value={s.inputMode}
            onChange={(e) => void updateSettings({ inputMode: e.currentTarget.value as InputMode })}
          >
            <option value="two-tap">Tap to preview, tap again to place</option>
            <option value="one-tap">One tap places</option>
            <option value="confirm">Tap to preview, Confirm to place</option>
            <option value="drag">Drag (preview above the finger)</option>
          </select>
        </label>
        {toggle('showCoordinates', 'Show coordinates')}
        {toggle('showMoveNumbers', 'Show move numbers')}
        {toggle('showEngineLine', "Show the computer's line and evaluation")}
        {toggle('haptics', 'Vibrate on tap')}
        <label>
          Sound volume
          <input
            type="range"
            min={0}
            max={1}
            step={0.1}
            value={s.soundVolume}
            onChange={(e) => void updateSettings({ soundVolume: Number(e.currentTarget.value) })}
          />
        </label>
        <label>
          Rematch: who starts
          <select
            value={s.rematchStarter}
            onChange={(e) => void updateSettings({ rematchStarter: e.currentTarget.value as RematchStarter })}
          >
            <option value="loser">The loser</option>
            <option value="alternate">Take turns</option>
            <option value="same">The same player</option>
          </select>
        </label>
        <label>
          Computer's threads
          <select
            value={String(s.engineThreads)}
            onChange={(e) => void updateSettings({ engineThreads: Number(e.currentTarget.value) })}
          >
            <option value="0">Automatic ({threadsFor(0, navigator.hardwareConcurrency)})</option>
            {THREAD_CHOICES.map((n) => (
              <option key={n} value={String(n)}>
                {n}
              </option>
            ))}
          </select>
        </label>
        {globalThis.crossOriginIsolated ? null : (
          <p class="hint">This page cannot share memory between threads, so the computer thinks with one.</p>
        )}
      </form>
    </main>
  );
}
