/// <reference types="vite/client" />

/** The hex SHA-256 prefix (16 digits) of public/openings.bin at build time (vite.config.ts). */
declare const __BOOK_HASH__: string;

/** The build's relays (src/net/relays.ts relayDefaultsFromEnv; set by scripts/start.sh and scripts/test.sh). */
interface ImportMetaEnv {
  /** The local relay of `npm start` and the e2e build: ws://127.0.0.1:<port>. */
  readonly VITE_LOCAL_RELAY?: string;
  /** "off": the build lists no public relay (the e2e build). */
  readonly VITE_PUBLIC_RELAYS?: string;
}
