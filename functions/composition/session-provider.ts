import {
  loadGatewaySecrets,
  requireSecret,
  type ProviderTokens,
} from '../../shared/adapters/crypto/service-secrets';
import { wahaSessionProvider } from '../../shared/adapters/session-provider/waha';
import { readWahaEvent } from '../../shared/adapters/session-provider/waha-events';
import { peerPolicy } from '../../shared/adapters/net/public-address';
import { configFor, type Config } from '../../shared/config/config';
import { lazy } from '../../shared/lazy';
import type { ReadSessionEvent, SessionProvider } from '../../shared/ports/session-provider';

/**
 * How the provider's webhook bodies read (WAHA's): the gateway routes them by their envelope, the
 * session-events worker dispatches what they say.
 */
export const sessionEventReader: ReadSessionEvent = readWahaEvent;

/**
 * The session provider as the API's pairing and consent groups and the workers use it. Its
 * variables are checked now, as the caller starts (`configFor('sessionProvider')`); the adapter is
 * built on first use, since its keys are secrets read at run time (the webhook key lives in the
 * gateway's secret, read only by those who create sessions).
 */
export const sessionProviderOf = (
  settings: Config,
  providerTokens: () => Promise<ProviderTokens>,
  /** A budget per call other than `SESSION_PROVIDER_TIMEOUT_MS` (the history worker's reads). */
  timeoutMs: number = settings.SESSION_PROVIDER_TIMEOUT_MS,
): SessionProvider => {
  const { sessionProvider: provider } = configFor('sessionProvider');
  const waha = lazy(async () => {
    const [service, gateway] = await Promise.all([providerTokens(), loadGatewaySecrets(settings)]);
    return wahaSessionProvider({
      baseUrl: provider.SESSION_PROVIDER_URL,
      apiKey: requireSecret(service, 'sessionProviderApiKey'),
      webhookUrl: provider.SESSION_PROVIDER_WEBHOOK_URL,
      webhookHmacKey: requireSecret(gateway, 'sessionProviderWebhookSecret'),
      timeoutMs,
      photoPeers: peerPolicy(settings),
    });
  });
  return {
    createSession: async (session) => (await waha()).createSession(session),
    restart: async (name) => (await waha()).restart(name),
    changeProxy: async (session) => (await waha()).changeProxy(session),
    status: async (name) => (await waha()).status(name),
    stop: async (name) => (await waha()).stop(name),
    logout: async (name) => (await waha()).logout(name),
    remove: async (name) => (await waha()).remove(name),
    qr: async (name) => (await waha()).qr(name),
    requestCode: async (name, phoneDigits) => (await waha()).requestCode(name, phoneDigits),
    me: async (name) => (await waha()).me(name),
    confirmPasskey: async (name) => (await waha()).confirmPasskey(name),
    profilePicture: async (name) => (await waha()).profilePicture(name),
    chats: async (name, page) => (await waha()).chats(name, page),
    chatMessages: async (name, chatId, page) => (await waha()).chatMessages(name, chatId, page),
  };
};
