import { providerAnswering } from '../support/session-provider-calls';
import { describe, expect, it } from 'vitest';
import { rulesAnalyzer } from '../../shared/adapters/analysis/rules-analyzer';
import { localSeatKeys } from '../../shared/adapters/consent/local-seat-keys';
import { aesGcmContentSeal } from '../../shared/adapters/crypto/content-seal';
import { cryptoIds, hmacHasher } from '../../shared/adapters/crypto/node-crypto';
import type { TableAccess } from '../../shared/adapters/dynamo/client';
import { dynamoFamilyStore } from '../../shared/adapters/dynamo/family.store';
import { dynamoMessageStore } from '../../shared/adapters/dynamo/message.store';
import { dynamoProxyPool } from '../../shared/adapters/dynamo/proxy-pool';
import { dynamoNotificationSettings } from '../../shared/adapters/dynamo/notification-settings.store';
import { dynamoWrappedKeys } from '../../shared/adapters/dynamo/wrapped-keys.store';
import { admitNext } from '../../shared/app/history/admission';
import { getHistoryImport, requestHistoryImport } from '../../shared/app/history/imports';
import { runImport, type RunDeps } from '../../shared/app/history/run';
import { settleFailedRun, type SettledFailure } from '../../shared/app/history/run-failure';
import { unlinkPairing } from '../../shared/app/pairing/unlink';
import { parseConfig } from '../../shared/config/config';
import { useCaseSettingsFrom } from '../../functions/composition/settings';
import type { ImportJob } from '../../shared/domain/history/history-import';
import { ProviderRefused } from '../../shared/ports/session-provider';
import { runAs } from '../../localstack/table-guard';
import { historyDeps } from '../support/history';
import { recordedSessionEnds } from '../support/session-worker';
import { protectedSeat } from '../support/seats';
import { freshTable, seatKeysTableOf } from '../support/table';
import { guardTableCallsOfThisFile } from '../support/table-guard';

// Each step's table calls are checked against its function's row, as IAM checks them in AWS.
guardTableCallsOfThisFile();

const ids = cryptoIds();
const seatKeys = localSeatKeys(Buffer.alloc(32, 7).toString('base64'));

/** The status each session's history calls answer (none: one chat of two messages). */
const failing = new Map<string, number>();
const at = Math.floor(Date.now() / 1000) - 3_600;

const provider = providerAnswering({
  chats: async (name, page) => {
    const status = failing.get(name);
    if (status !== undefined) throw new ProviderRefused(status);
    return page.offset === 0 ? [{ id: '5511900000001@c.us' }] : [];
  },
  chatMessages: async (name, chatId, page) => {
    const status = failing.get(name);
    if (status !== undefined) throw new ProviderRefused(status);
    return page.offset > 0
      ? []
      : [0, 1].map((index) => ({
          id: `false_${chatId}_${name}_${index}`,
          chat: chatId,
          fromMe: false,
          timestamp: at + index,
          text: `mensagem ${index}`,
        }));
  },
});

const depsOn = (table: TableAccess, slots: number) => {
  const history = historyDeps(table);
  const settings = useCaseSettingsFrom(parseConfig({ TABLE_NAME: table.tableName }));
  const deps: RunDeps = {
    families: dynamoFamilyStore(table),
    ids,
    clock: { now: () => new Date() },
    hasher: hmacHasher('integration-hash-key'),
    settings: { ...settings, history: { ...settings.history, slots } },
    notifier: { deliver: async () => undefined },
    notificationSettings: dynamoNotificationSettings(table),
    analyzer: rulesAnalyzer({ sandboxMarker: true }),
    contentSeal: aesGcmContentSeal,
    messages: dynamoMessageStore(table),
    seatKeys,
    wrappedKeys: dynamoWrappedKeys(seatKeysTableOf(table)),
    sessions: provider,
    ...history.deps,
  };
  return { ...history, deps };
};

const familyOn = async (table: TableAccess) => {
  const seat = await protectedSeat(table, ids, new Date(), seatKeys);
  const owner = (await dynamoFamilyStore(table).load(seat.accountUid))?.members[0];
  if (owner === undefined || seat.pairing === null) throw new Error('no owner or pairing');
  return { seat, caller: { userUid: owner.userUid }, session: seat.pairing.sessionName };
};

type On = ReturnType<typeof depsOn>;

/** One message of the worker's queue, as the worker handles it: the run, and a failed run settled. */
const handleJob = async (on: On, job: ImportJob): Promise<string | SettledFailure> =>
  runAs('historyImport', async () => {
    try {
      return await runImport(on.deps, { seatUid: job.seatUid, importId: job.importId });
    } catch (error) {
      return settleFailedRun(on.deps, job, error, 0.5);
    }
  });

const statusOf = async (on: On, family: Awaited<ReturnType<typeof familyOn>>) =>
  (await runAs('history', () => getHistoryImport(on.deps, family.caller, family.seat.uid))).status;

/** Two families, one slot: the first import runs (its job sent), the second waits behind it. */
const oneRunningOneWaiting = async (table: TableAccess) => {
  const on = depsOn(table, 1);
  const running = await familyOn(table);
  const waiting = await familyOn(table);
  await runAs('history', () => requestHistoryImport(on.deps, running.caller, running.seat.uid));
  await runAs('history', () => requestHistoryImport(on.deps, waiting.caller, waiting.seat.uid));
  const job = on.sent.shift();
  if (job === undefined || on.sent.length > 0) throw new Error('expected one admitted import');
  on.delays.splice(0);
  return { on, running, waiting, job };
};

describe('a failed history run never holds its slot for the queue’s visibility timeout', () => {
  it('a provider failure is tried again after 2, 4, 8, 16 and 30 s; then the import is failed and the next one admitted', async () => {
    const { on, running, waiting, job } = await oneRunningOneWaiting(await freshTable());
    failing.set(running.session, 503);
    const settled: (string | SettledFailure)[] = [await handleJob(on, job)];
    for (let next = on.sent.shift(); next !== undefined; next = on.sent.shift()) {
      if (next.seatUid !== running.seat.uid) {
        on.sent.unshift(next);
        break;
      }
      settled.push(await handleJob(on, next));
    }
    expect(settled.map((one) => (typeof one === 'string' ? one : [one.then, one.cause]))).toEqual([
      ...Array(5).fill(['retry', 'status_503']),
      ['give_up', 'status_503'],
    ]);
    expect(on.delays.slice(0, 5)).toEqual([2, 4, 8, 16, 30]);
    expect(await statusOf(on, running)).toBe('failed');
    // Its slot went to the head of the queue with the same move.
    expect(await statusOf(on, waiting)).toBe('running');
    expect(on.sent.map((one) => one.seatUid)).toEqual([waiting.seat.uid]);
  }, 60_000);

  it('a session the provider no longer has (404) ends the import at once', async () => {
    const { on, running, waiting, job } = await oneRunningOneWaiting(await freshTable());
    failing.set(running.session, 404);
    expect(await handleJob(on, job)).toEqual({ then: 'end_gone', attempt: 1, cause: 'session_gone' });
    expect(await statusOf(on, running)).toBe('failed');
    expect(await statusOf(on, waiting)).toBe('running');
  }, 60_000);

  it('a run that read more before failing counts its failures afresh; a chat list read again is not more', async () => {
    const { on, running, job } = await oneRunningOneWaiting(await freshTable());
    // Two chats: the first one's messages are read, the second one's fail.
    const secondFails: RunDeps = {
      ...on.deps,
      sessions: {
        ...provider,
        chats: async (_, page) =>
          page.offset === 0 ? [{ id: '5511900000001@c.us' }, { id: '5511900000002@c.us' }] : [],
        chatMessages: (name, chatId, page) =>
          chatId === '5511900000002@c.us'
            ? Promise.reject(new ProviderRefused(502))
            : provider.chatMessages(name, chatId, page),
      },
    };
    const tryAgain = (tried: ImportJob) =>
      runAs('historyImport', async () => {
        const failed = await runImport(secondFails, tried).catch((error: unknown) => error);
        return settleFailedRun(on.deps, tried, failed, 0.5);
      });
    // The fourth retry in a row, but it read the first chat: counted afresh.
    expect(await tryAgain({ ...job, attempt: 4, mark: 0 })).toEqual({
      then: 'retry',
      attempt: 1,
      delaySeconds: 2,
      cause: 'status_502',
    });
    const again = on.sent.at(-1);
    expect(again).toEqual({ ...job, attempt: 1, mark: 3 });
    // Resumed from its checkpoints, it reads nothing more: the count goes on.
    expect(await tryAgain(again!)).toMatchObject({ then: 'retry', attempt: 2, delaySeconds: 4 });
    expect(await statusOf(on, running)).toBe('running');
  }, 60_000);
});

describe('an import ends with its pairing', () => {
  it('a guardian’s unlink cancels the running import at once, its slot freed; the next run finds it over', async () => {
    const table = await freshTable();
    const { on, running, waiting, job } = await oneRunningOneWaiting(table);
    // The seats' proxy, its slot held by the pairing the unlink gives back.
    const pool = dynamoProxyPool(table);
    await pool.register([{ label: 'p', address: 'http://10.0.0.1:1', capacity: 1 }]);
    await pool.bind();
    await runAs('pairing', () =>
      unlinkPairing({ ...on.deps, ...recordedSessionEnds() }, running.caller, running.seat.uid),
    );
    expect(await statusOf(on, running)).toBe('cancelled');
    // The freed slot goes to the head of the queue at the admission sweep's next run.
    expect(await runAs('historyAdmission', () => admitNext(on.deps, 'crons'))).toBe(1);
    expect(await statusOf(on, waiting)).toBe('running');
    expect(await handleJob(on, job)).toBe('stale');
  }, 60_000);
});
