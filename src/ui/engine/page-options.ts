/**
 * What the app tells the page's engine bridge before its first use: the openings book's loader and the
 * search threads of the Settings screen. Kept apart from the bridge, which imports Comlink and the worker's
 * protocol, so main.tsx can set them without putting the bridge in the first screen's chunks: the bridge
 * reads them when a screen first asks the engine for anything.
 */
import type { EngineBridgeOptions } from './bridge';

let options: EngineBridgeOptions = {};
const threadListeners = new Set<(threads: number) => void>();

/** Sets the options of the page's bridge (before its first use): the app gives it the book's loader. */
export function configureEngineBridge(given: EngineBridgeOptions): void {
  options = { ...options, ...given };
}

/** Sets the search threads of the page's engine (the Settings screen's choice): see EngineBridge.setThreads. */
export function setEngineThreads(threads: number): void {
  options = { ...options, threads };
  for (const listener of threadListeners) listener(threads);
}

/** The options as set so far (the bridge reads them once, when it is made). */
export const pageBridgeOptions = (): EngineBridgeOptions => options;

/** Tells the bridge of later changes of the threads setting. */
export function onEngineThreads(listener: (threads: number) => void): void {
  threadListeners.add(listener);
}
