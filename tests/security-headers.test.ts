import { describe, expect, it } from 'vitest';
import { localRelaySource, securityPolicy } from '../src/security-headers';

const connectSrc = (policy: string) => policy.split('; ').find((d) => d.startsWith('connect-src'));

describe('the CSP and the relays', () => {
  it('admits wss: (the relays) and nothing else new in a build without a local relay', () => {
    const policy = securityPolicy(undefined);
    expect(connectSrc(policy.cspHeader)).toBe("connect-src 'self' wss:");
    expect(policy.cspHeader).toBe(`${policy.cspMeta}; frame-ancestors 'none'`);
    expect(securityPolicy('').cspMeta).toBe(policy.cspMeta);
  });

  it('admits the local relay only in the build that lists it', () => {
    const policy = securityPolicy('ws://127.0.0.1:7447');
    expect(connectSrc(policy.cspHeader)).toBe("connect-src 'self' wss: ws://127.0.0.1:7447");
    expect(policy.documentHeaders['Content-Security-Policy']).toBe(policy.cspHeader);
    expect(policy.securityHeaders['Cross-Origin-Embedder-Policy']).toBe('require-corp');
    expect(localRelaySource('ws://localhost:7447/')).toBe('ws://localhost:7447');
  });

  it('refuses, at build time, a local relay that is not ws:// on this machine', () => {
    for (const bad of [
      'wss://relay.damus.io',
      'ws://192.168.1.2:7447',
      'ws://127.0.0.1',
      'ws://127.0.0.1:0',
      'ws://127.0.0.1:70000',
      "ws://127.0.0.1:1 'unsafe-eval'",
    ])
      expect(() => securityPolicy(bad), bad).toThrow(/VITE_LOCAL_RELAY/);
  });
});
