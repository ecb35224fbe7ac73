/**
 * The invitation's chess clock (issue 30): none (the default: a game by links and relays at any pace), or
 * a live clock with the same choices as an open challenge's (net/challenge-terms.ts). The clock goes with
 * the invitation's link and is kept with both copies of the game (FriendGame.clock).
 */
import { LIVE_INCREMENTS, LIVE_MINUTES, liveTimeControl } from '../../net/challenge-terms';
import type { FriendClock } from '../../storage';
import * as m from '../words/paraglide/messages.js';

type Minutes = (typeof LIVE_MINUTES)[number];
type Increment = (typeof LIVE_INCREMENTS)[number];

/** The clock a choice of minutes (0: none) and seconds added per move names. */
export function friendClockOf(minutes: Minutes | 0, incrementSeconds: Increment): FriendClock | null {
  return minutes === 0 ? null : liveTimeControl({ kind: 'live', minutes, incrementSeconds });
}

export function FriendClockFields({
  minutes,
  incrementSeconds,
  setMinutes,
  setIncrement,
}: {
  readonly minutes: Minutes | 0;
  readonly incrementSeconds: Increment;
  readonly setMinutes: (minutes: Minutes | 0) => void;
  readonly setIncrement: (seconds: Increment) => void;
}) {
  return (
    <div class="friend-clock">
      <label>
        {m.friends_clock()}
        <select name="clock" value={minutes} onChange={(e) => setMinutes(Number(e.currentTarget.value) as Minutes | 0)}>
          <option value={0}>{m.friends_clock_none()}</option>
          {LIVE_MINUTES.map((n) => (
            <option key={n} value={n}>
              {m.friends_clock_minutes({ minutes: n })}
            </option>
          ))}
        </select>
      </label>
      {minutes !== 0 && (
        <label>
          {m.friends_clock_increment()}
          <select
            name="increment"
            value={incrementSeconds}
            onChange={(e) => setIncrement(Number(e.currentTarget.value) as Increment)}
          >
            {LIVE_INCREMENTS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}
