import { loadGatewaySecrets } from '../shared/adapters/crypto/service-secrets';
import { wahaSessionProvider } from '../shared/adapters/session-provider/waha';
import { ConfigError, type Config } from '../shared/config/config';
import type { SessionProvider } from '../shared/ports/session-provider';

const methods = [
  'createSession',
  'restart',
  'stop',
  'logout',
  'remove',
  'qr',
  'requestCode',
  'me',
  'confirmPasskey',
  'profilePicture',
] as const satisfies readonly (keyof SessionProvider)[];

const need = (name: string, value: string | undefined): string => {
  if (value === undefined) throw new ConfigError(`Invalid configuration: ${name} must be set`);
  return value;
};

/**
 * The session provider as the API's pairing and consent groups and the workers use it. It is built
 * on first use (the webhook key lives in the gateway's secret, read only by those who create
 * sessions), so a group that never calls it needs none of its configuration.
 */
export const configuredSessionProvider = (settings: Config, apiKey: string | undefined): SessionProvider => {
  let made: Promise<SessionProvider> | undefined;
  const provider = () =>
    (made ??= (async () => {
      const webhook = await loadGatewaySecrets(settings);
      return wahaSessionProvider({
        baseUrl: need('SESSION_PROVIDER_URL', settings.SESSION_PROVIDER_URL),
        apiKey: need('sessionProviderApiKey (or SESSION_PROVIDER_API_KEY)', apiKey),
        webhookUrl: need('SESSION_PROVIDER_WEBHOOK_URL', settings.SESSION_PROVIDER_WEBHOOK_URL),
        webhookHmacKey: need(
          'sessionProviderWebhookSecret (or SESSION_PROVIDER_WEBHOOK_SECRET)',
          webhook.sessionProviderWebhookSecret,
        ),
      });
    })().catch((error: unknown) => {
      made = undefined;
      throw error;
    }));
  return Object.fromEntries(
    methods.map((method) => [
      method,
      async (...args: unknown[]) =>
        ((await provider())[method] as (...given: unknown[]) => Promise<unknown>)(...args),
    ]),
  ) as unknown as SessionProvider;
};
