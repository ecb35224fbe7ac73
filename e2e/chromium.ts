/**
 * How the tests start Debian's Chromium (Playwright cannot download a browser here). As root it needs
 * --no-sandbox, and the background-networking flags keep it from dialling out of this closed network.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
