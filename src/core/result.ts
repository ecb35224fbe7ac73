/**
 * Errors as values at the edges: functions that can fail on player or file input return a
 * `Result` instead of throwing, so callers must look at the failure and can show it.
 */
export type Result<T, E> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): { readonly ok: true; readonly value: T } => ({ ok: true, value });
export const err = <E>(error: E): { readonly ok: false; readonly error: E } => ({ ok: false, error });
