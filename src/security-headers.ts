/**
 * The security headers, one source for both places that send them: `npm start`'s server (vite.config.ts,
 * `preview.headers`; the build's CSP <meta> too) and the service worker (src/sw.ts), which adds them to
 * what it serves, so a host that sends no headers still gets them on every page the worker serves.
 *
 * The Content-Security-Policy, one directive per entry: only what the built app uses.
 * - Scripts, the engine's module worker and the service worker (workbox-window registers sw.js, which
 *   importScripts its workbox chunk) are same-origin files: no inline script, no eval, no blob: workers.
 * - connect-src: fetch of openings.bin, and the service worker's precache fetches; and the Nostr relays of
 *   online play (issue 30): wss: (any relay the player lists, public ones being many and editable), plus,
 *   only in a build that lists it (npm start, the e2e build: VITE_LOCAL_RELAY), the local relay's
 *   ws://127.0.0.1:<port>. Nothing else: no plain ws: to the network, no http(s) elsewhere.
 * - media-src blob:: the sound effects are WAVs made in memory and played from blob: URLs (src/ui/sound.ts).
 *   Downloads also use blob: URLs, but an <a download> is a navigation, which no fetch directive governs.
 * - Styles are the one stylesheet; Preact sets styles through the CSSOM, which CSP does not restrict.
 * - No plugins, no <base>, forms submit nowhere but here (they are all handled by script).
 */
/**
 * Cross-origin isolation, so the page may use SharedArrayBuffer: the engine then searches on several
 * threads sharing one table (src/ai/smp.ts). Everything the app loads is same-origin, so require-corp
 * refuses nothing; CORP same-origin marks every file as fine to embed here. Sent with every response.
 */
export const ISOLATION_HEADERS: Readonly<Record<string, string>> = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/**
 * The local relay a build lists (VITE_LOCAL_RELAY), as the CSP admits it: ws:// on the loopback with a port,
 * nothing else (it comes from the build's environment, so a mistake there fails the build). Undefined or
 * empty: none.
 */
export function localRelaySource(url: string | undefined): string | null {
  if (url === undefined || url === '') return null;
  const match = /^ws:\/\/(127\.0\.0\.1|localhost):(\d{1,5})\/?$/.exec(url);
  if (!match || Number(match[2]) < 1 || Number(match[2]) > 65535)
    throw new Error(`VITE_LOCAL_RELAY "${url}" is not ws://127.0.0.1:<port> (the local relay, scripts/relay.mjs).`);
  return `ws://${match[1]}:${match[2]}`;
}

function cspDirectives(localRelay: string | undefined): string[] {
  const local = localRelaySource(localRelay);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "worker-src 'self'",
    `connect-src 'self' wss:${local ? ` ${local}` : ''}`,
    "img-src 'self'",
    "media-src 'self' blob:",
    "style-src 'self'",
    "font-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ];
}

/**
 * The headers for a build that lists `localRelay` (its VITE_LOCAL_RELAY; undefined: none). The server
 * (vite.config.ts, from the same environment variable), the build's <meta> and the service worker (from
 * the build's import.meta.env) all make them here, so they agree.
 */
export function securityPolicy(localRelay: string | undefined) {
  const directives = cspDirectives(localRelay);
  /** frame-ancestors (no framing: clickjacking) works only as a header; in a <meta> it is ignored, with a console error. */
  const cspHeader = [...directives, "frame-ancestors 'none'"].join('; ');
  /** The document's headers besides isolation: its policy, no sniffing, no referrer. */
  const documentHeaders: Readonly<Record<string, string>> = {
    'Content-Security-Policy': cspHeader,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  };
  return {
    cspHeader,
    /** The policy as the build puts it in the page (`<meta http-equiv>`), for hosts that send no headers. */
    cspMeta: directives.join('; '),
    documentHeaders,
    /** The headers `npm start`'s server (vite preview) sends with every response. */
    securityHeaders: { ...documentHeaders, ...ISOLATION_HEADERS } as Readonly<Record<string, string>>,
  };
}
