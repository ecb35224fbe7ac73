/** Settings → Playing online: the name others see, the fingerprint, and the relays with their states. */
import { useEffect, useState } from 'preact/hooks';
import type { RelayState } from '../../net/relay-pool';
import { type AddRelayProblem, addRelay, isDefaultList, removeRelay } from '../../net/relays';
import { settings, updateSettings } from '../shell/app-state';
import * as m from '../words/paraglide/messages.js';
import './online.css';
import {
  RELAY_DEFAULTS,
  checkRelays,
  currentRelays,
  identity,
  loadIdentity,
  poolStarted,
  relayEdits,
  relayStatuses,
} from './online';

const STATE_WORDS: { readonly [K in RelayState]: () => string } = {
  idle: m.online_relay_idle,
  connecting: m.online_relay_connecting,
  connected: m.online_relay_connected,
  failed: m.online_relay_failed,
};

export function problemWords(problem: AddRelayProblem): string {
  switch (problem.kind) {
    case 'empty':
      return m.online_relay_error_empty();
    case 'too-long':
      return m.online_relay_error_too_long({ max: problem.max });
    case 'not-a-url':
      return m.online_relay_error_not_a_url();
    case 'not-websocket':
      return m.online_relay_error_not_websocket();
    case 'insecure':
      return m.online_relay_error_insecure();
    case 'has-credentials':
      return m.online_relay_error_has_credentials();
    case 'has-fragment':
      return m.online_relay_error_has_fragment();
    case 'already-listed':
      return m.online_relay_error_already_listed();
    case 'full':
      return m.online_relay_error_full({ max: problem.max });
  }
}

function Identity() {
  const state = identity.value;
  useEffect(() => void loadIdentity(), []);
  const [name, setName] = useState(settings.value.friendInvite.name);
  return (
    <>
      <label>
        {m.online_name()}
        <input
          type="text"
          value={name}
          maxLength={40}
          autoComplete="nickname"
          onInput={(e) => setName(e.currentTarget.value)}
          onChange={(e) =>
            void updateSettings({
              friendInvite: { ...settings.value.friendInvite, name: e.currentTarget.value.trim() },
            })
          }
        />
      </label>
      {state.kind === 'failed' ? (
        <p role="alert">{m.online_key_failed({ why: state.why })}</p>
      ) : (
        <div class="online-identity">
          <span>{m.online_fingerprint()}</span>
          <output class="fingerprint" data-testid="fingerprint" aria-live="polite">
            {state.kind === 'ready' ? state.identity.fingerprint : m.online_loading()}
          </output>
          <p class="hint">{m.online_fingerprint_hint()}</p>
          {state.kind === 'ready' ? (
            <details>
              <summary>{m.online_public_key()}</summary>
              <code class="npub" data-testid="npub">
                {state.identity.npub}
              </code>
            </details>
          ) : null}
        </div>
      )}
    </>
  );
}

function RelayList() {
  const relays = currentRelays();
  const edits = relayEdits();
  const started = poolStarted.value;
  const states = new Map(relayStatuses.value.map((s) => [s.url, s.state]));
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<AddRelayProblem | null>(null);
  const save = (next: typeof edits) => void updateSettings({ relayEdits: next }).then(() => started && checkRelays());
  const add = () => {
    const result = addRelay(RELAY_DEFAULTS, edits, typed);
    if (!result.ok) return setProblem(result.error);
    setProblem(null);
    setTyped('');
    save(result.value);
  };
  return (
    <fieldset class="online-relays">
      <legend>{m.online_relays()}</legend>
      {relays.length === 0 ? <p role="status">{m.online_relays_none()}</p> : null}
      <ul>
        {relays.map((url) => (
          <li key={url} data-relay={url}>
            <span class="relay-url">{url}</span>
            {url === RELAY_DEFAULTS.localRelay ? <span class="hint">{m.online_relay_local()}</span> : null}
            <span class={`relay-state relay-${states.get(url) ?? 'idle'}`} data-testid="relay-state">
              {STATE_WORDS[started ? (states.get(url) ?? 'idle') : 'idle']()}
            </span>
            <button
              type="button"
              aria-label={m.online_relay_remove_label({ url })}
              onClick={() => save(removeRelay(RELAY_DEFAULTS, edits, url))}
            >
              {m.online_relay_remove()}
            </button>
          </li>
        ))}
      </ul>
      <label>
        {m.online_relay_add_label()}
        <span class="relay-add">
          <input
            type="url"
            inputMode="url"
            value={typed}
            aria-invalid={problem ? true : undefined}
            onInput={(e) => setTyped(e.currentTarget.value)}
            onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), add())}
          />
          <button type="button" onClick={add}>
            {m.online_relay_add()}
          </button>
        </span>
      </label>
      {problem ? <p role="alert">{problemWords(problem)}</p> : null}
      <div class="online-relay-actions">
        <button type="button" onClick={checkRelays} disabled={relays.length === 0}>
          {m.online_relays_check()}
        </button>
        <button
          type="button"
          disabled={isDefaultList(RELAY_DEFAULTS, edits)}
          onClick={() => save({ added: [], removed: [] })}
        >
          {m.online_relays_restore()}
        </button>
      </div>
    </fieldset>
  );
}

export function OnlineSettings() {
  return (
    <section class="online-settings" aria-labelledby="online-title">
      <h2 id="online-title">{m.online_title()}</h2>
      <p class="hint">{m.online_intro()}</p>
      <Identity />
      <RelayList />
    </section>
  );
}
