import { whatsappMessenger } from '../../shared/adapters/consent/whatsapp-messenger';
import { requireSecret, type ProviderTokens } from '../../shared/adapters/crypto/service-secrets';
import { configFor, type Config } from '../../shared/config/config';
import { lazy } from '../../shared/lazy';
import type { ConsentMessenger } from '../../shared/ports/consent';

/**
 * The business provider's template messages (the consent-link sender's): the sending number is
 * checked now, the messenger built on first use with the access token from the providers' secret.
 */
export const messengerOf = (
  settings: Config,
  providerTokens: () => Promise<ProviderTokens>,
): (() => Promise<ConsentMessenger>) => {
  const { messenger } = configFor('messenger');
  return lazy(async () =>
    whatsappMessenger({
      apiBaseUrl: settings.WHATSAPP_API_BASE_URL,
      apiVersion: settings.WHATSAPP_API_VERSION,
      phoneNumberId: messenger.WHATSAPP_PHONE_NUMBER_ID,
      accessToken: requireSecret(await providerTokens(), 'whatsappAccessToken'),
      templateName: settings.WHATSAPP_CONSENT_TEMPLATE,
      languageCode: settings.WHATSAPP_TEMPLATE_LANGUAGE,
      timeoutMs: settings.WHATSAPP_TIMEOUT_MS,
    }),
  );
};
