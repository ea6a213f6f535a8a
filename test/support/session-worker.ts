import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { useCaseSettingsFrom } from '../../functions/composition/settings';
import { rulesAnalyzer } from '../../shared/adapters/analysis/rules-analyzer';
import { localSeatKeys } from '../../shared/adapters/consent/local-seat-keys';
import { aesGcmContentSeal } from '../../shared/adapters/crypto/content-seal';
import { cryptoIds, hmacHasher } from '../../shared/adapters/crypto/node-crypto';
import type { TableAccess } from '../../shared/adapters/dynamo/client';
import { dynamoFamilyStore } from '../../shared/adapters/dynamo/family.store';
import { dynamoMessageStore } from '../../shared/adapters/dynamo/message.store';
import { dynamoWrappedKeys } from '../../shared/adapters/dynamo/wrapped-keys.store';
import { dynamoNotificationSettings } from '../../shared/adapters/dynamo/notification-settings.store';
import { readWahaEvent } from '../../shared/adapters/session-provider/waha-events';
import { analyseLiveMessage } from '../../shared/app/alerts/live-messages';
import { newBatchMemory, type BatchMemory } from '../../shared/app/alerts/analyse-message';
import { handleStatusReport, type PairingWorkerDeps } from '../../shared/app/pairing/session-events';
import { readQueuedSessionEvent, type WorkerDeps } from '../../shared/app/session-batch';
import { parseConfig } from '../../shared/config/config';
import type { SessionProvider } from '../../shared/ports/session-provider';
import { historyDeps } from './history';
import { sessionEnd } from '../../shared/app/pairing/sessions';
import type { OutgoingMessage } from '../../shared/ports/queue';
import { seatKeysTableOf } from './table';

const unused = () => Promise.reject(new Error('not expected here'));

/** A provider that answers the QR, the code, the end of a session; anything else is not expected. */
export const quietProvider: SessionProvider = {
  createSession: unused,
  restart: unused,
  status: unused,
  stop: unused,
  logout: async () => undefined,
  remove: async () => undefined,
  qr: async () => ({ kind: 'ready', value: '2@qr' }),
  requestCode: async () => ({ kind: 'ready', value: 'ABCD1234' }),
  me: async () => null,
  confirmPasskey: unused,
  changeProxy: unused,
  profilePicture: unused,
  chats: unused,
  chatMessages: unused,
};

/** A session-ends queue that keeps the names of the sessions handed to it (`ended`). */
export const recordedSessionEnds = (ended: string[] = []) => ({
  ended,
  sessionEnds: {
    send: async (messages: readonly OutgoingMessage[]) =>
      void ended.push(...messages.map((message) => sessionEnd.parse(JSON.parse(message.body)).sessionName)),
  },
});

/** The session-event worker's deps on `table`, at `now`: nothing scheduled or delivered outside it. */
export const sessionWorkerDeps = (table: TableAccess, now: Date): WorkerDeps => ({
  families: dynamoFamilyStore(table),
  ids: cryptoIds(),
  clock: { now: () => now },
  hasher: hmacHasher('test-hash-key'),
  sessions: quietProvider,
  sessionEnds: recordedSessionEnds().sessionEnds,
  reconnects: { schedule: async () => undefined, cancel: async () => undefined },
  trialEndings: { schedule: async () => undefined, cancel: async () => undefined },
  ...historyDeps(table).deps,
  notifier: { deliver: async () => undefined },
  notificationSettings: dynamoNotificationSettings(table),
  analyzer: rulesAnalyzer(),
  contentSeal: aesGcmContentSeal,
  messages: dynamoMessageStore(table),
  seatKeys: localSeatKeys(Buffer.alloc(32, 7).toString('base64')),
  wrappedKeys: dynamoWrappedKeys(seatKeysTableOf(table)),
  settings: useCaseSettingsFrom(parseConfig({ TABLE_NAME: table.tableName })),
});

/** The family's event items, oldest first. */
export const eventsOf = async (table: TableAccess, accountUid: string) =>
  (
    await table.doc.send(
      new QueryCommand({
        TableName: table.tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': `EVENTS#${accountUid}` },
      }),
    )
  ).Items ?? [];

export { sessionEvent, working } from './session-event-bodies';

/**
 * A queued status report (the provider's, or a pairing's catch-up) read as the worker reads it and
 * handed to pairing's use case, as the worker hands it.
 */
export const reportStatus = (deps: PairingWorkerDeps, body: string, eventId: string) => {
  const event = readQueuedSessionEvent(body, readWahaEvent);
  if (event.kind !== 'status' && event.kind !== 'catch_up')
    throw new Error(`not a status report: ${event.kind === 'unusable' ? event.reason : event.kind}`);
  return handleStatusReport(deps, event, eventId);
};

/** A queued message event read as the worker reads it and handed to the alerts' use case. */
export const reportMessage = (deps: WorkerDeps, body: string, memory: BatchMemory = newBatchMemory()) => {
  const event = readWahaEvent(body);
  if (event.kind !== 'message')
    throw new Error(`not a message: ${event.kind === 'unusable' ? event.reason : event.kind}`);
  return analyseLiveMessage(deps, memory, event);
};
