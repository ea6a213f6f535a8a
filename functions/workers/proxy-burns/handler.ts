import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';
import { loadSecret } from '../../../shared/adapters/crypto/service-secrets';
import { dynamoProxyPool } from '../../../shared/adapters/dynamo/proxy-pool';
import { moveOffBurnedProxy, type BurnDeps } from '../../../shared/app/proxies/burn';
import { proxyBurn } from '../../../shared/app/proxies/pool';
import { configFor } from '../../../shared/config/config';
import { lazy } from '../../../shared/lazy';
import { configuredSessionEnds } from '../../session-ends';
import { configuredSessionProvider } from '../../session-provider';
import { useCaseSettingsFrom } from '../../use-case-settings';
import { logger } from '../logger';
import { notifyingDeps, settings, table } from '../notifying';

const { sessionProvider } = configFor('sessionProvider');

const deps = lazy(async (): Promise<BurnDeps> => ({
  ...(await notifyingDeps()),
  proxies: dynamoProxyPool(table, settings.PROXIES_JSON),
  sessions: configuredSessionProvider(settings, sessionProvider, () =>
    loadSecret('providerTokens', settings),
  ),
  sessionEnds: configuredSessionEnds(settings),
  settings: useCaseSettingsFrom(settings),
}));

const processor = new BatchProcessor(EventType.SQS);

/**
 * The burn worker: every session bound to a burned address moves to one with room, or its pairing
 * ends and guardians are told to pair again (`moveOffBurnedProxy`). A message that fails (a binding
 * not yet listed) comes back; a move already made is not made twice. Logs the address's label and
 * the counts only.
 */
const handleRecord = async (record: SQSRecord): Promise<void> => {
  const parsed = proxyBurn.safeParse(JSON.parse(record.body) as unknown);
  if (!parsed.success) {
    logger.warn('proxy_burn.dropped', { messageId: record.messageId });
    return;
  }
  const counts = await moveOffBurnedProxy(await deps(), parsed.data);
  logger.info('proxy_burn.handled', { label: parsed.data.label, ...counts });
};

export const handler = async (event: SQSEvent, context: Context) =>
  processPartialResponse(event, handleRecord, processor, { context });
