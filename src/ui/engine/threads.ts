/**
 * How many search threads the computer uses: the Settings screen's "Computer's threads" on this device.
 * Pure, so it is unit-tested; main.tsx hands the result to the bridge whenever the setting changes.
 */

/** The most threads offered (the engine worker's MAX_THREADS). */
export const THREAD_CHOICES = [1, 2, 3, 4, 5, 6, 7, 8] as const;

/**
 * The threads a setting means: 0 is automatic, the device's cores less one (the page keeps a core), at
 * least 1; any other value is clamped to 1–8. `cores` is navigator.hardwareConcurrency (absent: 1).
 */
export function threadsFor(setting: number, cores: number | undefined): number {
  const chosen = setting === 0 ? (cores ?? 1) - 1 : setting;
  return Math.max(1, Math.min(THREAD_CHOICES.length, Math.floor(chosen) || 1));
}
