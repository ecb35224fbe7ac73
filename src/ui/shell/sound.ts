/**
 * Sound effects and a haptic tap, following the settings. The effects are short tones rendered once into
 * tiny WAV files played through <audio>: unlike a Web Audio context, whose creation blocked the main thread
 * for 60–160 ms in Chromium, this never stalls a tap or the board.
 */
import { settings } from './app-state';

export type Effect = 'place' | 'capture' | 'win';

const RATE = 22050;

/** Notes as [frequency Hz, start ms, length ms, gain]. */
const NOTES: Record<Effect, readonly (readonly [number, number, number, number])[]> = {
  place: [[220, 0, 70, 0.6]],
  capture: [
    [520, 0, 90, 0.25],
    [390, 90, 120, 0.25],
  ],
  win: [
    [523, 0, 220, 0.35],
    [659, 140, 220, 0.35],
    [784, 280, 260, 0.35],
  ],
};

/** Renders notes (decaying sines) to a 16-bit mono WAV file. */
function renderWav(notes: readonly (readonly [number, number, number, number])[]): Blob {
  const ms = Math.max(...notes.map(([, start, len]) => start + len));
  const n = Math.ceil((ms / 1000) * RATE);
  const samples = new Float32Array(n);
  for (const [freq, start, len, gain] of notes) {
    const s0 = Math.floor((start / 1000) * RATE);
    const count = Math.floor((len / 1000) * RATE);
    for (let i = 0; i < count && s0 + i < n; i++) {
      const t = i / RATE;
      samples[s0 + i]! += gain * Math.exp((-5 * i) / count) * Math.sin(2 * Math.PI * freq * t);
    }
  }
  const data = new DataView(new ArrayBuffer(44 + n * 2));
  const text = (offset: number, s: string) => [...s].forEach((c, i) => data.setUint8(offset + i, c.charCodeAt(0)));
  text(0, 'RIFF');
  data.setUint32(4, 36 + n * 2, true);
  text(8, 'WAVEfmt ');
  data.setUint32(16, 16, true);
  data.setUint16(20, 1, true); // PCM
  data.setUint16(22, 1, true); // mono
  data.setUint32(24, RATE, true);
  data.setUint32(28, RATE * 2, true);
  data.setUint16(32, 2, true);
  data.setUint16(34, 16, true);
  text(36, 'data');
  data.setUint32(40, n * 2, true);
  for (let i = 0; i < n; i++) data.setInt16(44 + i * 2, Math.max(-1, Math.min(1, samples[i]!)) * 0x7fff, true);
  return new Blob([data.buffer], { type: 'audio/wav' });
}

const urls = new Map<Effect, string>();

export function playEffect(effect: Effect): void {
  const volume = settings.value.soundVolume;
  if (volume <= 0 || typeof Audio === 'undefined') return;
  let url = urls.get(effect);
  if (!url) {
    url = URL.createObjectURL(renderWav(NOTES[effect]));
    urls.set(effect, url);
  }
  const audio = new Audio(url);
  audio.volume = volume;
  // Autoplay rules may refuse before the first gesture: a missing click sound is not worth an error.
  audio.play().catch(() => undefined);
}

export function hapticTap(): void {
  if (settings.value.haptics && 'vibrate' in navigator) navigator.vibrate(10);
}
