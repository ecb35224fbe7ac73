/**
 * The security headers, one source for both places that send them: `npm start`'s server (vite.config.ts,
 * `preview.headers`; the build's CSP <meta> too) and the service worker (src/sw.ts), which adds them to
 * what it serves, so a host that sends no headers still gets them on every page the worker serves.
 *
 * The Content-Security-Policy, one directive per entry: only what the built app uses.
 * - Scripts, the engine's module worker and the service worker (workbox-window registers sw.js, which
 *   importScripts its workbox chunk) are same-origin files: no inline script, no eval, no blob: workers.
 * - connect-src: fetch of openings.bin, and the service worker's precache fetches.
 * - media-src blob:: the sound effects are WAVs made in memory and played from blob: URLs (src/ui/sound.ts).
 *   Downloads also use blob: URLs, but an <a download> is a navigation, which no fetch directive governs.
 * - Styles are the one stylesheet; Preact sets styles through the CSSOM, which CSP does not restrict.
 * - No plugins, no <base>, forms submit nowhere but here (they are all handled by script).
 */
const CSP_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self'",
  "connect-src 'self'",
  "img-src 'self'",
  "media-src 'self' blob:",
  "style-src 'self'",
  "font-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
];
/** frame-ancestors (no framing: clickjacking) works only as a header; in a <meta> it is ignored, with a console error. */
export const CSP_HEADER = [...CSP_DIRECTIVES, "frame-ancestors 'none'"].join('; ');
/** The policy as the build puts it in the page (`<meta http-equiv>`), for hosts that send no headers. */
export const CSP_META = CSP_DIRECTIVES.join('; ');

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

/** What a document (a page: a navigation) carries besides isolation: its policy, no sniffing, no referrer. */
export const DOCUMENT_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CSP_HEADER,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/** The headers `npm start`'s server (vite preview) sends with every response. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = { ...DOCUMENT_HEADERS, ...ISOLATION_HEADERS };
