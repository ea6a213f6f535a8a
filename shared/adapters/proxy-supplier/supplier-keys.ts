import * as z from '../../validation/z';
import { ConfigError, type Config } from '../../config/config';
import { readSecret } from '../crypto/service-secrets';

const keys = z.record(z.string(), z.string().check(z.minLength(8)));

/**
 * The suppliers' API keys, `{ <supplier code>: <key> }`: in AWS their own secret
 * (`PROXY_SUPPLIER_SECRETS_ARN`, through the secrets extension), which only the functions that call
 * suppliers may read; locally `PROXY_SUPPLIER_KEYS_JSON`. A supplier without a key is configured
 * but cannot be used (`PROVIDER_NOT_CONFIGURED`).
 */
export const loadSupplierKeys = async (
  config: Config,
  fetchSecret: typeof fetch = fetch,
): Promise<Readonly<Record<string, string>>> => {
  if (config.PROXY_SUPPLIER_SECRETS_ARN === undefined) return config.PROXY_SUPPLIER_KEYS_JSON ?? {};
  const text = await readSecret(config, config.PROXY_SUPPLIER_SECRETS_ARN, fetchSecret);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ConfigError('Invalid configuration: PROXY_SUPPLIER_SECRETS_ARN: must be JSON');
  }
  return keys.parse(parsed);
};
