/**
 * What app-state says when storage fails: its own module, fetched only when a failure happens (it is
 * precached like every chunk, so it loads offline too), so the first screen carries none of these words.
 */
import * as m from '../words/paraglide/messages.js';

export const storageUnavailable = (problem: string): string => m.shell_storage_unavailable({ problem });
export const newerVersionOpened = (): string => m.shell_newer_version();
export const settingsNotSaved = (problem: string): string => m.shell_settings_not_saved({ problem });
