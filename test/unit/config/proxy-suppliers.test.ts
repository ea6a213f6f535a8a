import { describe, expect, it } from 'vitest';
import { loadSupplierKeys } from '../../../shared/adapters/proxy-supplier/supplier-keys';
import { parseConfig } from '../../../shared/config/config';

const supplier = {
  code: 'acme',
  baseUrl: 'https://api.acme.example',
  products: ['br-residential'],
  monthlyBudget: 500_000,
  ceilings: { maxProxies: 50, maxPerOrder: 10 },
};
const withSuppliers = (list: unknown, extra: Record<string, string> = {}) =>
  parseConfig({ TABLE_NAME: 't', PROXY_SUPPLIERS_JSON: JSON.stringify(list), ...extra });

describe('the proxy suppliers’ settings', () => {
  it('default to none, with a 10 s call limit and 10 sessions per bought proxy', () => {
    expect(parseConfig({ TABLE_NAME: 't' })).toMatchObject({
      PROXY_SUPPLIERS_JSON: [],
      PROXY_SUPPLIER_TIMEOUT_MS: 10_000,
      SUPPLIED_PROXY_CAPACITY: 10,
    });
  });

  it('take the documented shape with unique codes, and name the variable otherwise', () => {
    expect(withSuppliers([supplier]).PROXY_SUPPLIERS_JSON).toEqual([supplier]);
    expect(() => withSuppliers([supplier, supplier])).toThrow(/PROXY_SUPPLIERS_JSON: codes must be unique/);
    expect(() => withSuppliers([{ ...supplier, ceilings: { maxProxies: 0, maxPerOrder: 1 } }])).toThrow(
      /PROXY_SUPPLIERS_JSON/,
    );
    expect(() => withSuppliers([{ ...supplier, products: [] }])).toThrow(/PROXY_SUPPLIERS_JSON/);
  });

  it('refuse a base URL that is not https://: the key would travel in clear', () => {
    expect(() => withSuppliers([{ ...supplier, baseUrl: 'http://api.acme.example' }])).toThrow(
      /PROXY_SUPPLIERS_JSON\.0\.baseUrl: must be https:\/\//,
    );
    expect(() => withSuppliers([{ ...supplier, baseUrl: 'http://127.0.0.1:3006' }])).toThrow(
      /PROXY_SUPPLIERS_JSON\.0\.baseUrl/,
    );
  });

  it('take http:// only to a loopback simulator, where the local stack allows loopback peers', () => {
    const local = { LOOPBACK_PEERS: 'allowed' };
    for (const baseUrl of ['http://127.0.0.1:3006', 'http://localhost:3006', 'http://[::1]:3006'])
      expect(withSuppliers([{ ...supplier, baseUrl }], local).PROXY_SUPPLIERS_JSON[0]?.baseUrl).toBe(baseUrl);
    for (const baseUrl of ['http://api.acme.example', 'http://10.0.0.5:3006', 'http://169.254.169.254'])
      expect(() => withSuppliers([{ ...supplier, baseUrl }], local), baseUrl).toThrow(
        /PROXY_SUPPLIERS_JSON\.0\.baseUrl: must be https:\/\//,
      );
  });

  it('read the keys from their secret in AWS, and from PROXY_SUPPLIER_KEYS_JSON locally', async () => {
    const local = withSuppliers([supplier], { PROXY_SUPPLIER_KEYS_JSON: '{"acme":"local-key-1"}' });
    expect(await loadSupplierKeys(local)).toEqual({ acme: 'local-key-1' });
    const asked: string[] = [];
    const aws = withSuppliers([supplier], { PROXY_SUPPLIER_SECRETS_ARN: 'arn:secret:suppliers' });
    const extension = (async (url: string) => {
      asked.push(url);
      return new Response(JSON.stringify({ SecretString: '{"acme":"secret-key-1"}' }));
    }) as typeof fetch;
    expect(await loadSupplierKeys(aws, extension)).toEqual({ acme: 'secret-key-1' });
    expect(asked).toEqual([
      expect.stringContaining(`secretId=${encodeURIComponent('arn:secret:suppliers')}`),
    ]);
  });
});
