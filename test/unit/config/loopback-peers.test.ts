import { describe, expect, it } from 'vitest';
import { parseConfig, proxyAddressFields } from '../../../shared/config/config';
import { devSecrets, localEnvironment } from '../../../localstack/dev-config';

describe('loopback peers (LOOPBACK_PEERS)', () => {
  it('are refused by default', () => {
    expect(parseConfig({ TABLE_NAME: 't' }).LOOPBACK_PEERS).toBe('refused');
  });

  it('are allowed by the local stack, and refused at start in any other stage', () => {
    const local = localEnvironment(
      { DYNAMODB_PORT: 1, WEB_PORT: 2, BUSINESS_PROVIDER_PORT: 3, GATEWAY_PORT: 4 },
      {},
    );
    expect(parseConfig(local).LOOPBACK_PEERS).toBe('allowed');
    expect(() => parseConfig({ ...local, STAGE: 'prod' })).toThrow(
      /LOOPBACK_PEERS: allowed is for the local stack only/,
    );
    expect(devSecrets).not.toHaveProperty('LOOPBACK_PEERS');
  });
});

describe('a proxy address', () => {
  const address = (value: string) =>
    proxyAddressFields.safeParse({ label: 'a', address: value, capacity: 1 }).success;

  it('is http(s)://[user:pass@]host[:port], its credentials percent-encoded', () => {
    expect(address('http://user:p%40ss@proxy.example:3128')).toBe(true);
    expect(address('https://proxy.example')).toBe(true);
  });

  it('is refused with broken percent-encoding, a path, a query, a fragment or another scheme', () => {
    for (const value of [
      'http://us%zz:pass@proxy.example:3128',
      'http://user:100%@proxy.example:3128',
      'http://proxy.example:3128/path',
      'http://proxy.example:3128/?q=1',
      'http://proxy.example:3128/#f',
      'socks5://proxy.example:1080',
    ])
      expect(address(value), value).toBe(false);
  });
});
