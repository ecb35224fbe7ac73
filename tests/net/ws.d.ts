/** `ws` ships no types (and @types/ws is not installed): the tests use only its WebSocket class, as the browser's. */
declare module 'ws' {
  export const WebSocket: typeof globalThis.WebSocket;
}
