import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { devSecrets } from '../../localstack/dev-config';
import { rulesAnalyzer } from '../../shared/adapters/analysis/rules-analyzer';
import { localSeatKeys } from '../../shared/adapters/consent/local-seat-keys';
import { aesGcmContentSeal } from '../../shared/adapters/crypto/content-seal';
import { cryptoIds, hmacHasher } from '../../shared/adapters/crypto/node-crypto';
import { createTableAccess } from '../../shared/adapters/dynamo/client';
import { dynamoFamilyStore } from '../../shared/adapters/dynamo/family.store';
import { dynamoMessageStore } from '../../shared/adapters/dynamo/message.store';
import { dynamoWrappedKeys } from '../../shared/adapters/dynamo/wrapped-keys.store';
import { dynamoNotificationSettings } from '../../shared/adapters/dynamo/notification-settings.store';
import { wahaSessionProvider } from '../../shared/adapters/session-provider/waha';
import { runImport, type RunDeps } from '../../shared/app/history/run';
import { parseConfig } from '../../shared/config/config';
import { moveImport, newImport } from '../../shared/domain/history/history-import';
import { useCaseSettingsFrom } from '../../functions/composition/settings';
import { historyDeps } from '../support/history';
import { freePort } from '../support/ports';
import { protectedSeat } from '../support/seats';
import { seatKeysTableOf } from '../support/table';
import { benchLocalStack } from './bench-stack';
import { startCountingProxy } from './counting-proxy';
import { benchCount } from './counts';

/**
 * `npm run bench`, its history-import part: one import of `BENCH_HISTORY_MESSAGES` messages
 * (default 10,000) over 50 messages per chat (200 chats), and one of a fifth of that, read from the
 * local stack's session-provider simulator by the import worker's use case run in this process
 * (rules analyzer, local seat keys), its DynamoDB calls counted through a proxy: messages per
 * second, DynamoDB calls per message, the process's peak memory, and how the cost grows.
 */
const largest = benchCount('BENCH_HISTORY_MESSAGES', 10_000, 250);
const perChat = 50;
const sizes = [Math.round(largest / 5), largest];

const stack = await benchLocalStack({ TABLE_NAME: 'bench-history' });
const proxy = await startCountingProxy(stack.dynamoEndpoint, await freePort());
const direct = createTableAccess({
  tableName: stack.tableName,
  region: 'sa-east-1',
  endpoint: stack.dynamoEndpoint,
});
const counted = createTableAccess({
  tableName: stack.tableName,
  region: 'sa-east-1',
  endpoint: proxy.endpoint,
});
const ids = cryptoIds();
const seatKeys = localSeatKeys(devSecrets.LOCAL_MASTER_KEY);
const apiKey = devSecrets.SESSION_PROVIDER_API_KEY;
const waha = wahaSessionProvider({
  baseUrl: stack.sessionProviderUrl,
  apiKey,
  webhookUrl: 'http://127.0.0.1:9/unused',
  webhookHmacKey: 'unused',
});
const simulator = (path: string, body: unknown) =>
  fetch(`${stack.sessionProviderUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
    body: JSON.stringify(body),
  });

const settings = useCaseSettingsFrom(parseConfig({ TABLE_NAME: stack.tableName }));
const history = historyDeps(counted);
const deps: RunDeps = {
  families: dynamoFamilyStore(counted),
  ids,
  clock: { now: () => new Date() },
  hasher: hmacHasher('bench-hash-key'),
  settings,
  notifier: { deliver: async () => undefined },
  notificationSettings: dynamoNotificationSettings(counted),
  analyzer: rulesAnalyzer({ sandboxMarker: true }),
  contentSeal: aesGcmContentSeal,
  messages: dynamoMessageStore(counted),
  seatKeys,
  wrappedKeys: dynamoWrappedKeys(seatKeysTableOf(direct)),
  sessions: waha,
  ...history.deps,
};

/** A paired seat whose provider session is WORKING with `messages` messages seeded, its import running. */
const runningImport = async (messages: number) => {
  const seat = await protectedSeat(direct, ids, new Date(), seatKeys);
  const session = seat.pairing?.sessionName ?? '';
  // The provider's side: the session linked, its history seeded.
  await simulator('/api/sessions', { name: session, start: true, config: { webhooks: [] } });
  await simulator(`/_sim/sessions/${session}/link`, { phone: '+5511987654321' });
  const chats = Array.from({ length: Math.ceil(messages / perChat) }, (_, chat) => ({
    id: `5511${String(chat).padStart(9, '0')}@c.us`,
    messages: Array.from({ length: perChat }, (_, index) => ({
      body:
        index === 0 && chat % 20 === 0
          ? 'você é ridículo #risk:bullying:medium'
          : `mensagem ${index} da conversa`,
      fromMe: index % 3 === 0,
    })),
  }));
  await simulator(`/_sim/sessions/${session}/history`, { chats });
  const started = moveImport(
    newImport({ importId: ids.ulid(), first: true, now: new Date() }),
    'start',
    new Date(),
    { slot: 1 },
  );
  if (started === null) throw new Error('no start');
  const saved = await dynamoFamilyStore(direct).saveSeat(
    { ...seat, historyImport: { ...started.after, slot: null } },
    [],
  );
  return { seat: saved, importId: started.after.importId };
};

const rows = [];
for (const size of sizes) {
  const { seat, importId } = await runningImport(size);
  proxy.takeCalls();
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 50);
  const began = performance.now();
  const outcome = await runImport(deps, { seatUid: seat.uid, importId });
  const seconds = (performance.now() - began) / 1000;
  clearInterval(sampler);
  const calls = proxy.takeCalls();
  const byOperation: Record<string, number> = {};
  for (const call of calls) byOperation[call.operation] = (byOperation[call.operation] ?? 0) + 1;
  rows.push({
    messages: size,
    chats: Math.ceil(size / perChat),
    outcome,
    seconds: Math.round(seconds * 10) / 10,
    messagesPerSecond: Math.round(size / seconds),
    dynamoCalls: calls.length,
    callsPerMessage: Math.round((calls.length / size) * 100) / 100,
    peakRssMb: Math.round(peakRss / 1024 / 1024),
    byOperation: JSON.stringify(byOperation),
  });
}
await proxy.close();
await stack.stop();

console.log('\nHistory import, local stack (simulator history, rules analyzer, worker use case in process)');
console.table(rows);
const [small, large] = rows;
if (small !== undefined && large !== undefined)
  console.log(
    `cost growth: ${large.messages / small.messages}x messages -> ${Math.round((large.dynamoCalls / small.dynamoCalls) * 100) / 100}x DynamoDB calls, ${Math.round((large.seconds / small.seconds) * 100) / 100}x time`,
  );
mkdirSync(resolve('.bench'), { recursive: true });
writeFileSync(resolve('.bench', 'history-import.json'), JSON.stringify({ rows }, null, 2));
process.exit(0);
