import type { FunctionComponent } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { BoardStyle, InputMode, RematchStarter, Theme } from '../../storage';
import { ScreenHeader } from '../shell/ScreenHeader';
import { settings, updateSettings } from '../shell/app-state';
import { THREAD_CHOICES, threadsFor } from '../engine/threads';
import { LanguageSetting } from '../settings/LanguageSetting';
import * as m from '../words/paraglide/messages.js';

/**
 * "Playing online" is its own chunk (src/ui/online): it brings nostr-tools, which nothing else on this
 * screen needs, so the settings open as fast as before and the section follows when loaded.
 */
let onlineSection: FunctionComponent | null = null;
function OnlineSection() {
  const [Loaded, setLoaded] = useState(() => onlineSection);
  useEffect(() => {
    if (Loaded) return;
    void import('../online/OnlineSettings').then(
      (module) => setLoaded(() => (onlineSection = module.OnlineSettings)),
      () => undefined, // offline before the chunk was cached: the rest of Settings still works
    );
  }, [Loaded]);
  return Loaded ? <Loaded /> : null;
}

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
      <ScreenHeader title={m.settings_title()} />
      <form onSubmit={(e) => e.preventDefault()}>
        <LanguageSetting />
        <label>
          {m.settings_theme()}
          <select value={s.theme} onChange={(e) => void updateSettings({ theme: e.currentTarget.value as Theme })}>
            <option value="system">{m.settings_theme_system()}</option>
            <option value="light">{m.settings_theme_light()}</option>
            <option value="dark">{m.settings_theme_dark()}</option>
          </select>
        </label>
        <label>
          {m.settings_board()}
          <select
            value={s.boardStyle}
            onChange={(e) => void updateSettings({ boardStyle: e.currentTarget.value as BoardStyle })}
          >
            <option value="wood">{m.settings_board_wood()}</option>
            <option value="plain">{m.settings_board_plain()}</option>
          </select>
        </label>
        <label>
          {m.settings_input()}
          <select
            value={s.inputMode}
            onChange={(e) => void updateSettings({ inputMode: e.currentTarget.value as InputMode })}
          >
            <option value="two-tap">{m.settings_input_two_tap()}</option>
            <option value="one-tap">{m.settings_input_one_tap()}</option>
            <option value="confirm">{m.settings_input_confirm()}</option>
            <option value="drag">{m.settings_input_drag()}</option>
          </select>
        </label>
        {toggle('showCoordinates', m.settings_show_coordinates())}
        {toggle('showMoveNumbers', m.settings_show_move_numbers())}
        {toggle('showEngineLine', m.settings_show_engine_line())}
        {toggle('haptics', m.settings_haptics())}
        <label>
          {m.settings_sound_volume()}
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
          {m.settings_rematch()}
          <select
            value={s.rematchStarter}
            onChange={(e) => void updateSettings({ rematchStarter: e.currentTarget.value as RematchStarter })}
          >
            <option value="loser">{m.settings_rematch_loser()}</option>
            <option value="alternate">{m.settings_rematch_alternate()}</option>
            <option value="same">{m.settings_rematch_same()}</option>
          </select>
        </label>
        <label>
          {m.settings_threads()}
          <select
            value={String(s.engineThreads)}
            onChange={(e) => void updateSettings({ engineThreads: Number(e.currentTarget.value) })}
          >
            <option value="0">
              {m.settings_threads_auto({ threads: threadsFor(0, navigator.hardwareConcurrency) })}
            </option>
            {THREAD_CHOICES.map((n) => (
              <option key={n} value={String(n)}>
                {n}
              </option>
            ))}
          </select>
        </label>
        {globalThis.crossOriginIsolated ? null : <p class="hint">{m.settings_threads_single()}</p>}
      </form>
      <OnlineSection />
    </main>
  );
}
