/**
 * Preset phrases between the players of a game over relays (issue 30: no free text between strangers):
 * "Say…" offers the catalogue's phrases while the other side is here, and the phrase they said shows by
 * their strip for a few seconds, in this reader's language. Ids travel (net/phrases.ts), never words.
 */
import { useEffect, useState } from 'preact/hooks';
import { PHRASES } from '../../../net/phrases';
import * as words from '../../words/paraglide/messages.js';
import { liveLines, sayPhrase } from './live-hooks';
import { PHRASE_GAP_MS } from './live-model';
import { PHRASE_WORDS } from './phrase-words';
import './live.css';

/** The phrase the other side just said, as a bubble under their strip (nothing when none). */
export function HeardPhrase({ gameId }: { readonly gameId: string }) {
  const phrase = liveLines.value.get(gameId)?.phrase ?? null;
  if (!phrase) return null;
  return (
    <span class="live-phrase" role="status" data-phrase={phrase}>
      {PHRASE_WORDS[phrase]()}
    </span>
  );
}

/**
 * "Say…": the preset phrases, one tap each; said to the other side while they are here. After a phrase
 * the button rests for PHRASE_GAP_MS (the controller would not send another sooner).
 */
export function PhrasePicker({ gameId, friendName }: { readonly gameId: string; readonly friendName: string }) {
  const [open, setOpen] = useState(false);
  const [resting, setResting] = useState(false);
  useEffect(() => {
    if (!resting) return;
    const timer = setTimeout(() => setResting(false), PHRASE_GAP_MS);
    return () => clearTimeout(timer);
  }, [resting]);
  return (
    <span class="live-say">
      <button
        type="button"
        class="live-say-toggle"
        aria-expanded={open}
        disabled={resting}
        onClick={() => setOpen(!open)}
      >
        {words.online_live_say()}
      </button>
      {open && (
        <span
          class="live-phrases"
          role="group"
          aria-label={friendName ? words.online_live_phrases({ name: friendName }) : words.online_live_say()}
        >
          {PHRASES.map((phrase) => (
            <button
              type="button"
              key={phrase}
              data-say={phrase}
              onClick={() => {
                sayPhrase(gameId, phrase);
                setOpen(false);
                setResting(true);
              }}
            >
              {PHRASE_WORDS[phrase]()}
            </button>
          ))}
        </span>
      )}
    </span>
  );
}
