/**
 * Sound effects made with Web Audio (no files to download or cache), and a haptic tap. Both follow the
 * settings; nothing plays before the first user gesture has unlocked audio.
 */
import { settings } from './app-state';

let audio: AudioContext | null = null;

function tone(freq: number, ms: number, type: OscillatorType, gain: number, delayMs = 0): void {
  const volume = settings.value.soundVolume;
  if (volume <= 0 || typeof AudioContext === 'undefined') return;
  audio ??= new AudioContext();
  const t = audio.currentTime + delayMs / 1000;
  const osc = audio.createOscillator();
  const amp = audio.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t);
  amp.gain.setValueAtTime(gain * volume, t);
  amp.gain.exponentialRampToValueAtTime(0.0001, t + ms / 1000);
  osc.connect(amp).connect(audio.destination);
  osc.start(t);
  osc.stop(t + ms / 1000);
}

export type Effect = 'place' | 'capture' | 'win';

export function playEffect(effect: Effect): void {
  if (effect === 'place') tone(220, 70, 'triangle', 0.5);
  else if (effect === 'capture') {
    tone(520, 90, 'square', 0.15);
    tone(390, 120, 'square', 0.15, 90);
  } else [523, 659, 784].forEach((f, i) => tone(f, 220, 'sine', 0.3, i * 140));
}

export function hapticTap(): void {
  if (settings.value.haptics && 'vibrate' in navigator) navigator.vibrate(10);
}
