/**
 * One side's clock in a timed friend game played over relays: the face the relay controller last read
 * (live-hooks.ts's line: both sides' time from the signed readings, the side to move's counting down),
 * ticking here between its reads. Shown in the side's strip as the local game clock is; the flag itself
 * is said by the controller, not by this display.
 */
import { useEffect, useState } from 'preact/hooks';
import { clockText } from '../../play/play-words';
import { faceAt } from './live-clock';
import { liveLines } from './live-hooks';

/** How often a running clock is redrawn. */
const TICK_MS = 200;

export function LiveClock({ gameId, player }: { readonly gameId: string; readonly player: 1 | 2 }) {
  const face = liveLines.value.get(gameId)?.clock ?? null;
  const [now, setNow] = useState(() => Date.now());
  const running = face?.running === player;
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [running, face]);
  if (!face) return null;
  const left = faceAt(face, Math.max(now, face.atMs))[player - 1]!;
  return (
    <span class={`clock${running ? ' running' : ''}`} data-live-clock={player} data-running={running || undefined}>
      {clockText(left)}
    </span>
  );
}
