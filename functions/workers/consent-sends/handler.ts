import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';
import { whatsappMessenger } from '../../../shared/adapters/consent/whatsapp-messenger';
import { loadHasher, loadSecret, requireSecret } from '../../../shared/adapters/crypto/service-secrets';
import { sqsClient } from '../../../shared/adapters/sqs/sqs-client';
import { sqsQueue } from '../../../shared/adapters/sqs/sqs-queue';
import { consentSend, sendConsentLink, type SendDeps } from '../../../shared/app/consent/delivery';
import { configFor } from '../../../shared/config/config';
import { lazy } from '../../../shared/lazy';
import { useCaseSettingsFrom } from '../../use-case-settings';
import { logger } from '../logger';
import { notifyingDeps, settings } from '../notifying';
import { observed } from '../../../shared/adapters/lambda/observability';

const { messenger, consentSendsQueue } = configFor('messenger', 'consentSendsQueue');

const deps = lazy(async (): Promise<SendDeps> => {
  const [hasher, tokens] = await Promise.all([loadHasher(settings), loadSecret('providerTokens', settings)]);
  return {
    ...(await notifyingDeps()),
    hasher,
    messenger: whatsappMessenger({
      apiBaseUrl: settings.WHATSAPP_API_BASE_URL,
      apiVersion: settings.WHATSAPP_API_VERSION,
      phoneNumberId: messenger.WHATSAPP_PHONE_NUMBER_ID,
      accessToken: requireSecret(tokens, 'whatsappAccessToken'),
      templateName: settings.WHATSAPP_CONSENT_TEMPLATE,
      languageCode: settings.WHATSAPP_TEMPLATE_LANGUAGE,
      timeoutMs: settings.WHATSAPP_TIMEOUT_MS,
    }),
    // Its own queue: a temporary refusal comes back as a new, delayed message.
    consentSends: sqsQueue(sqsClient(settings), consentSendsQueue.CONSENT_SENDS_QUEUE_URL),
    settings: useCaseSettingsFrom(settings),
  };
});

const processor = new BatchProcessor(EventType.SQS);

/**
 * The consent-link sender: one try of one delivery per message (`sendConsentLink`). Logs the seat,
 * the delivery and the outcome, never the number, the name or the link.
 */
const handleRecord = async (record: SQSRecord): Promise<void> => {
  const parsed = consentSend.safeParse(JSON.parse(record.body) as unknown);
  if (!parsed.success) {
    logger.warn('consent_send.dropped', { messageId: record.messageId });
    return;
  }
  const outcome = await sendConsentLink(await deps(), parsed.data);
  logger.info('consent_send.handled', { ...parsed.data, outcome });
};

const handle = async (event: SQSEvent, context: Context) =>
  processPartialResponse(event, handleRecord, processor, { context });

export const handler = observed(handle);
