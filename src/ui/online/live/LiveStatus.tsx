/**
 * The play screen's line for a friend game played over relays: whether this device's last action has
 * reached a relay ("Sent" / "Not sent yet") and whether the other side has the game open ("Bob is here"),
 * with "Say…" (LivePhrase.tsx) while they do.
 * Read from live-hooks.ts's signal, which the relay controller fills; nothing here loads the network code.
 */
import { liveLines } from './live-hooks';
import { PhrasePicker } from './LivePhrase';
import * as words from '../../words/paraglide/messages.js';
import './live.css';

export function LiveStatus({ gameId, friendName }: { readonly gameId: string; readonly friendName: string }) {
  const line = liveLines.value.get(gameId);
  if (!line) return null;
  return (
    <p class="live-line">
      {line.present && (
        <span class="live-here" data-here>
          {friendName ? words.online_live_here({ name: friendName }) : words.online_live_here_friend()}
        </span>
      )}
      {line.present && <PhrasePicker gameId={gameId} friendName={friendName} />}
      {line.send && (
        <span class={`live-send ${line.send}`} role="status" data-send={line.send}>
          {line.send === 'sent' ? words.online_live_sent() : words.online_live_not_sent()}
        </span>
      )}
    </p>
  );
}
