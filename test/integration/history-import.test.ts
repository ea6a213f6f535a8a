import { providerAnswering } from '../support/session-provider-calls';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { rulesAnalyzer } from '../../shared/adapters/analysis/rules-analyzer';
import { localSeatKeys } from '../../shared/adapters/consent/local-seat-keys';
import { aesGcmContentSeal } from '../../shared/adapters/crypto/content-seal';
import { cryptoIds, hmacHasher } from '../../shared/adapters/crypto/node-crypto';
import type { TableAccess } from '../../shared/adapters/dynamo/client';
import { dynamoFamilyStore } from '../../shared/adapters/dynamo/family.store';
import { keys } from '../../shared/adapters/dynamo/keys';
import { dynamoMessageStore } from '../../shared/adapters/dynamo/message.store';
import { dynamoWrappedKeys } from '../../shared/adapters/dynamo/wrapped-keys.store';
import { dynamoNotificationSettings } from '../../shared/adapters/dynamo/notification-settings.store';
import { admitNext, checkStuck, lapseOffer, sweepAdmissions } from '../../shared/app/history/admission';
import { recordedMetrics } from '../../shared/adapters/metrics/recorded-metrics';
import {
  acceptHistoryImport,
  getHistoryImport,
  requestHistoryImport,
} from '../../shared/app/history/imports';
import { runImport, type RunDeps } from '../../shared/app/history/run';
import { parseConfig } from '../../shared/config/config';
import { useCaseSettingsFrom } from '../../functions/composition/settings';
import type { Seat } from '../../shared/domain/family/seat';
import type { ImportCheck } from '../../shared/domain/history/history-import';
import type { HistoryMessage } from '../../shared/ports/session-provider';
import { historyDeps } from '../support/history';
import { protectedSeat } from '../support/seats';
import { freshTable, seatKeysTableOf } from '../support/table';
import { runAs } from '../../localstack/table-guard';
import { guardTableCallsOfThisFile } from '../support/table-guard';

// Each step's table calls are checked against its function's row, as IAM checks them in AWS.
guardTableCallsOfThisFile();

const ids = cryptoIds();
const seatKeys = localSeatKeys(Buffer.alloc(32, 7).toString('base64'));

/**
 * A message as WAHA's store holds it: `at` is the time it is filtered and sorted by; `dropped` is a
 * reaction, an edit or a deletion, which WAHA leaves out of a page after slicing it.
 */
type Stored = HistoryMessage & { at: number; dropped?: true };

/** The provider's histories by session name, and the sessions whose next messages call fails (a crash). */
const histories = new Map<string, { id: string; messages: Stored[] }[]>();
const crashOnce = new Set<string>();
/** Sessions whose messages pages time out above this `limit` (a slow provider). */
const slowAbove = new Map<string, number>();
/** Every messages page asked, by session. */
const asked = new Map<string, { chat: string; offset: number; limit: number }[]>();

const provider = providerAnswering({
  chats: async (name, page) =>
    (histories.get(name) ?? []).slice(page.offset, page.offset + page.limit).map(({ id }) => ({ id })),
  chatMessages: async (name, chatId, page) => {
    if (crashOnce.delete(name)) throw new Error('the worker died here');
    asked.set(name, [...(asked.get(name) ?? []), { chat: chatId, offset: page.offset, limit: page.limit }]);
    if (page.limit > (slowAbove.get(name) ?? Infinity))
      throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    const chat = (histories.get(name) ?? []).find((one) => one.id === chatId);
    const [since, until] = [page.since.getTime() / 1000, page.until.getTime() / 1000];
    return (chat?.messages ?? [])
      .filter((message) => message.at >= since && message.at <= until)
      .toSorted((a, b) => a.at - b.at)
      .slice(page.offset, page.offset + page.limit)
      .flatMap(({ at: _at, dropped, ...message }) => (dropped ? [] : [message]));
  },
});

/** A history of `chats` chats with `perChat` messages each; the first message of each chat a risk. */
const seedHistory = (session: string, chats: number, perChat: number) => {
  const at = Math.floor(Date.now() / 1000) - 3_600;
  histories.set(
    session,
    Array.from({ length: chats }, (_, chat) => {
      const id = `5511900${String(chat).padStart(6, '0')}@c.us`;
      return {
        id,
        messages: Array.from({ length: perChat }, (_, index) => ({
          id: `false_${id}_${session}_${index}`,
          chat: id,
          fromMe: index % 2 === 1,
          at: at + index,
          timestamp: at + index,
          text: index === 0 ? 'você é ridículo #risk:bullying:medium' : `mensagem ${index}`,
        })),
      };
    }),
  );
};

let skewMs = 0;
const clock = { now: () => new Date(Date.now() + skewMs) };

const depsOn = (table: TableAccess, slots = 4) => {
  const history = historyDeps(table);
  const settings = useCaseSettingsFrom(parseConfig({ TABLE_NAME: table.tableName }));
  const deps: RunDeps = {
    families: dynamoFamilyStore(table),
    ids,
    clock,
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

const familyOn = async (table: TableAccess, fields: Partial<Seat> = {}) => {
  const seat = await protectedSeat(table, ids, clock.now(), seatKeys, fields);
  const loaded = await dynamoFamilyStore(table).load(seat.accountUid);
  const owner = loaded?.members[0];
  if (owner === undefined || seat.pairing === null) throw new Error('no owner or pairing');
  return { seat, caller: { userUid: owner.userUid }, session: seat.pairing.sessionName };
};

const slotItems = async (table: TableAccess) =>
  (
    await table.doc.send(
      new QueryCommand({
        TableName: table.tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.historySlotPartition() },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

/** Runs every job the worker queue receives until none is left, as the worker would. */
const drainWorker = async (
  on: ReturnType<typeof depsOn>,
  onRun: () => Promise<void> = async () => undefined,
) => {
  const outcomes: string[] = [];
  while (on.sent.length > 0) {
    const job = on.sent.shift();
    if (job === undefined) break;
    await onRun();
    try {
      outcomes.push(await runAs('historyImport', () => runImport(on.deps, job)));
    } catch {
      // A worker that died: its message comes back after the visibility timeout.
      on.sent.push(job);
    }
  }
  return outcomes;
};

describe('20 seats asking at once, 4 slots', () => {
  let table: TableAccess;
  beforeAll(async () => {
    table = await freshTable();
  });

  it('all finish, admitted in queue order, never more than 4 at once, no slot left held (a worker crash in between)', async () => {
    const on = depsOn(table, 4);
    const families = [];
    for (let index = 0; index < 20; index += 1) {
      const family = await familyOn(table);
      seedHistory(family.session, 2, 3);
      families.push(family);
    }
    crashOnce.add(families[2]?.session ?? '');
    crashOnce.add(families[13]?.session ?? '');
    for (const family of families) {
      const asked = await runAs('history', () =>
        requestHistoryImport(on.deps, family.caller, family.seat.uid),
      );
      expect(asked.created).toBe(true);
    }
    expect(on.sent).toHaveLength(4);
    let most = 0;
    await drainWorker(on, async () => {
      most = Math.max(most, (await slotItems(table)).length);
    });
    expect(most).toBeLessThanOrEqual(4);

    const finished = await Promise.all(
      families.map((family) =>
        runAs('history', () => getHistoryImport(on.deps, family.caller, family.seat.uid)),
      ),
    );
    expect(finished.map((one) => one.status)).toEqual(families.map(() => 'done'));
    // The warm-up of each seat read all of its history, each message once, whatever crashed.
    expect(finished.map((one) => one.progress)).toEqual(
      families.map(() => ({ chats: 2, chatsDone: 2, messages: 6 })),
    );
    const starts = finished.map((one) => one.startedAt ?? '');
    expect([...starts].sort()).toEqual(starts);
    expect(await slotItems(table)).toEqual([]);
    expect(await on.deps.historyQueue.head(10)).toEqual([]);
  }, 240_000);
});

describe('faults', () => {
  let table: TableAccess;
  beforeAll(async () => {
    table = await freshTable();
  });

  it('a worker that dies resumes from its chats’ checkpoints: no doubled message or finding', async () => {
    const on = depsOn(table, 4);
    const family = await familyOn(table);
    seedHistory(family.session, 3, 120);
    await runAs('history', () => requestHistoryImport(on.deps, family.caller, family.seat.uid));
    const job = on.sent.shift();
    if (job === undefined) throw new Error('no job');
    // Dies after the first chat's first page.
    let calls = 0;
    const dying: RunDeps = {
      ...on.deps,
      sessions: {
        ...provider,
        chatMessages: async (...args) => {
          calls += 1;
          if (calls === 3) throw new Error('the worker died here');
          return provider.chatMessages(...args);
        },
      },
    };
    await expect(runImport(dying, job)).rejects.toThrow('the worker died here');
    expect(await runAs('historyImport', () => runImport(on.deps, job))).toBe('finished');
    const done = await runAs('history', () => getHistoryImport(on.deps, family.caller, family.seat.uid));
    expect(done).toMatchObject({ status: 'done', progress: { chats: 3, chatsDone: 3, messages: 360 } });
    const stored = await on.deps.messages.lastOfChat(
      family.seat.seatId,
      on.deps.hasher.digest('chat', histories.get(family.session)?.[0]?.id ?? ''),
      500,
    );
    expect(stored).toHaveLength(120);
    expect(new Set(stored.map((one) => one.messageId)).size).toBe(120);
    const seat = (await on.deps.families.load(family.seat.accountUid))?.seats[0];
    expect(seat?.openAlerts.map((alert) => [alert.source, alert.findingsCount])).toEqual([['history', 3]]);
    expect(seat?.historyImport?.findings).toBe(3);
  }, 120_000);

  it('a worker that dies in the middle of a page’s batch writes resumes with nothing doubled or lost', async () => {
    const on = depsOn(table, 4);
    const family = await familyOn(table);
    seedHistory(family.session, 2, 100);
    await runAs('history', () => requestHistoryImport(on.deps, family.caller, family.seat.uid));
    const job = on.sent.shift();
    if (job === undefined) throw new Error('no job');
    // The first page's finding is committed with its alert; of its 99 other messages, 30 are put
    // before the worker dies.
    const dying: RunDeps = {
      ...on.deps,
      messages: {
        ...on.deps.messages,
        putAll: async (batch) => {
          await on.deps.messages.putAll(batch.slice(0, 30));
          throw new Error('the worker died here');
        },
      },
    };
    await expect(runImport(dying, job)).rejects.toThrow('the worker died here');
    const chat = on.deps.hasher.digest('chat', histories.get(family.session)?.[0]?.id ?? '');
    expect(await on.deps.messages.lastOfChat(family.seat.seatId, chat, 500)).toHaveLength(31);

    expect(await runAs('historyImport', () => runImport(on.deps, job))).toBe('finished');
    const done = await runAs('history', () => getHistoryImport(on.deps, family.caller, family.seat.uid));
    expect(done).toMatchObject({ status: 'done', progress: { chats: 2, chatsDone: 2, messages: 200 } });
    const stored = await on.deps.messages.lastOfChat(family.seat.seatId, chat, 500);
    expect(new Set(stored.map((one) => one.messageId)).size).toBe(100);
    const seat = (await on.deps.families.load(family.seat.accountUid))?.seats[0];
    expect(seat?.openAlerts.map((alert) => [alert.source, alert.findingsCount])).toEqual([['history', 2]]);
    // The import's own tally is written with each page's progress: a finding committed in a page the
    // dead worker never finished is on its alert but not in that tally.
    expect(seat?.historyImport?.findings).toBe(1);
  }, 120_000);

  it('a lapsed offer goes back to the end of the queue; a doubled or late lapse changes nothing', async () => {
    const on = depsOn(table, 1);
    // Two seats whose warm-up is done, dropped since: their imports are later ones, offered.
    const finishedAt = new Date(Date.now() - 60_000).toISOString();
    const later = async () => {
      const family = await familyOn(table);
      const seat = (await on.deps.families.load(family.seat.accountUid))?.seats[0];
      if (seat?.pairing == null) throw new Error('no seat');
      await on.deps.families.saveSeat(
        {
          ...seat,
          pairing: { ...seat.pairing, droppedAt: new Date().toISOString() },
          historyImport: {
            importId: ids.ulid(),
            status: 'done',
            first: true,
            offerExpiresAt: null,
            offerLapsed: false,
            step: null,
            progress: { chats: 0, chatsDone: 0, messages: 0 },
            findings: 0,
            slot: null,
            queuedAt: finishedAt,
            startedAt: finishedAt,
            progressAt: finishedAt,
            finishedAt,
          },
        },
        [],
      );
      seedHistory(family.session, 1, 2);
      return family;
    };
    const first = await later();
    const second = await later();
    const offered = await runAs('history', () => requestHistoryImport(on.deps, first.caller, first.seat.uid));
    expect(offered.view).toMatchObject({ status: 'offered', first: false, position: null });
    const waiting = await runAs('history', () =>
      requestHistoryImport(on.deps, second.caller, second.seat.uid),
    );
    expect(waiting.view).toMatchObject({ status: 'waiting', position: 1 });
    const offer = on.offers.at(-1)?.check as ImportCheck;

    // Fired early (a clock a little behind), then on time, then again: one lapse.
    expect(await runAs('historyOfferExpiry', () => lapseOffer(on.deps, offer))).toBe('stale');
    skewMs = on.deps.settings.history.offerTtlSeconds * 1000 + 1_000;
    try {
      await expect(
        runAs('history', () => acceptHistoryImport(on.deps, first.caller, first.seat.uid)),
      ).rejects.toMatchObject({
        code: 'OFFER_EXPIRED',
      });
      expect(await runAs('historyOfferExpiry', () => lapseOffer(on.deps, offer))).toBe('lapsed');
      expect(await runAs('historyOfferExpiry', () => lapseOffer(on.deps, offer))).toBe('stale');
    } finally {
      skewMs = 0;
    }
    // The slot went to the second seat; the first waits behind it, its offer expired.
    expect(
      await runAs('history', () => getHistoryImport(on.deps, second.caller, second.seat.uid)),
    ).toMatchObject({
      status: 'offered',
    });
    expect(
      await runAs('history', () => getHistoryImport(on.deps, first.caller, first.seat.uid)),
    ).toMatchObject({
      status: 'waiting',
      position: 1,
    });
    await expect(
      runAs('history', () => acceptHistoryImport(on.deps, first.caller, first.seat.uid)),
    ).rejects.toMatchObject({
      code: 'OFFER_EXPIRED',
    });
    const running = await runAs('history', () =>
      acceptHistoryImport(on.deps, second.caller, second.seat.uid),
    );
    expect(running.status).toBe('running');
    expect(await drainWorker(on)).toEqual(['finished']);
    expect(
      await runAs('history', () => getHistoryImport(on.deps, first.caller, first.seat.uid)),
    ).toMatchObject({
      status: 'offered',
    });
    expect((await slotItems(table)).length).toBe(1);
  }, 120_000);

  it('a running import without progress is stuck once, however often its check fires; its slot goes on', async () => {
    const on = depsOn(table, 1);
    // The slot of the test before is still held by its offer: let it lapse first.
    const held = on.deps.historyQueue;
    expect(await held.freeSlots(1)).toEqual([]);
    const stale = await familyOn(table);
    seedHistory(stale.session, 1, 1);
    const starter = await runAs('history', () => requestHistoryImport(on.deps, stale.caller, stale.seat.uid));
    expect(starter.view.status).toBe('waiting');
    // Free the slot held since the previous test by cancelling nothing: fire its offer's lapse late.
    const [slot] = await slotItems(table);
    const holder = slot as { seatUid: string; importId: string };
    skewMs = 3_600_000;
    try {
      expect(
        await runAs('historyOfferExpiry', () =>
          lapseOffer(on.deps, { seatUid: holder.seatUid, importId: holder.importId, at: '' }),
        ),
      ).toBe('lapsed');
    } finally {
      skewMs = 0;
    }
    // The warm-up of `stale` took the slot: it runs, and never moves on.
    expect(
      await runAs('history', () => getHistoryImport(on.deps, stale.caller, stale.seat.uid)),
    ).toMatchObject({
      status: 'running',
    });
    const check = on.stuck.at(-1)?.check as ImportCheck;
    expect(check.seatUid).toBe(stale.seat.uid);
    expect(await runAs('historyStuck', () => checkStuck(on.deps, check))).toBe('rescheduled');
    // It started under the lapse's late clock (an hour ahead): no progress for the stuck time after that.
    skewMs = 3_600_000 + on.deps.settings.history.stuckSeconds * 1000 + 1_000;
    try {
      expect(await runAs('historyStuck', () => checkStuck(on.deps, check))).toBe('stuck');
      expect(await runAs('historyStuck', () => checkStuck(on.deps, check))).toBe('stale');
    } finally {
      skewMs = 0;
    }
    expect(
      await runAs('history', () => getHistoryImport(on.deps, stale.caller, stale.seat.uid)),
    ).toMatchObject({ status: 'stuck' });
    const seat = (await on.deps.families.load(stale.seat.accountUid))?.seats[0];
    // A stuck warm-up ends: protection goes on live.
    expect(seat?.historyImport?.status).toBe('stuck');
    // The slot went back to the queue's head (the lapsed import of the test before, offered again).
    const [next] = await slotItems(table);
    expect((next as { seatUid: string }).seatUid).toBe(holder.seatUid);
    // Its worker, run late, finds its import no longer running and reads nothing.
    const late = on.sent.find((job) => job.seatUid === stale.seat.uid);
    expect(late).toBeDefined();
    if (late !== undefined)
      expect(await runAs('historyImport', () => runImport(on.deps, late))).toBe('stale');
  }, 120_000);
});

/**
 * A person's history as WAHA holds it: a chat of 300 stored items in the window with reactions and
 * edits among its messages (so its pages come back short), stickers, voice notes and media without
 * caption, captions, a message whose time the provider lost, one risk, and one message before the
 * window; a contact's @lid chat; a status and a channel, each with a risk, never read.
 */
const seedWhole = (session: string) => {
  const start = Math.floor(clock.now().getTime() / 1000) - 3_600;
  const chat = '5511900000001@c.us';
  const stored = (index: number, fields: Partial<Stored> = {}): Stored => ({
    id: `false_${chat}_${session}_${index}`,
    chat,
    fromMe: index % 3 === 0,
    at: start + index,
    timestamp: start + index,
    text: `mensagem ${index}`,
    ...fields,
  });
  const messages = Array.from({ length: 300 }, (_, index) => {
    const kind = index % 10;
    if (index === 0) return stored(index, { text: 'você é ridículo #risk:bullying:medium' });
    if (index === 150) return stored(index, { timestamp: null, text: 'sem hora' });
    if (kind === 1 || kind === 2) return stored(index, { text: null, dropped: true });
    if (kind === 3) return stored(index, { text: null });
    if (kind === 4) return stored(index, { text: `legenda ${index}` });
    return stored(index);
  });
  const before = start - 31 * 86_400;
  messages.push(stored(-1, { at: before, timestamp: before, text: 'antiga #risk:drugs:high' }));
  const other = (id: string, texts: string[]): { id: string; messages: Stored[] } => ({
    id,
    messages: texts.map((text, index) => ({
      id: `false_${id}_${session}_${index}`,
      chat: id,
      fromMe: false,
      at: start + index,
      timestamp: start + index,
      text,
    })),
  });
  const lid = '187349265017433@lid';
  histories.set(session, [
    { id: chat, messages },
    other(lid, ['oi', 'tudo bem?', 'sim']),
    other('status@broadcast', ['#risk:drugs:high', '#risk:drugs:high']),
    other('120363000000000002@newsletter', ['#risk:drugs:high', '#risk:drugs:high']),
  ]);
  return { chat, lid };
};

describe('history read whole, as WAHA pages it', () => {
  let table: TableAccess;
  beforeAll(async () => {
    table = await freshTable();
  });

  /** The seat's import once its worker queue is drained, its stored messages by chat, its alerts. */
  const imported = async (on: ReturnType<typeof depsOn>, family: Awaited<ReturnType<typeof familyOn>>) => {
    const done = await runAs('history', () => getHistoryImport(on.deps, family.caller, family.seat.uid));
    const storedOf = async (chat: string) =>
      on.deps.messages.lastOfChat(family.seat.seatId, on.deps.hasher.digest('chat', chat), 500);
    const seat = (await on.deps.families.load(family.seat.accountUid))?.seats[0];
    return { done, storedOf, seat };
  };

  it('reads a chat past its short pages to the first empty one, counts media and stickers without analysing them, and skips status and channels', async () => {
    const on = depsOn(table, 4);
    const family = await familyOn(table);
    const { chat, lid } = seedWhole(family.session);
    await runAs('history', () => requestHistoryImport(on.deps, family.caller, family.seat.uid));
    expect(await drainWorker(on)).toEqual(['finished']);

    const { done, storedOf, seat } = await imported(on, family);
    // 300 stored in the window, 60 of them reactions and edits: 240 messages, 30 of them without
    // text; and the @lid chat's 3.
    expect(done).toMatchObject({ status: 'done', progress: { chats: 2, chatsDone: 2, messages: 243 } });
    const kept = await storedOf(chat);
    expect(kept).toHaveLength(210);
    expect(new Set(kept.map((one) => one.messageId)).size).toBe(210);
    expect(await storedOf(lid)).toHaveLength(3);
    for (const skipped of ['status@broadcast', '120363000000000002@newsletter'])
      expect(await storedOf(skipped)).toEqual([]);
    // Pages asked `limit` apart until one came back empty; status and channel never asked.
    expect(
      (asked.get(family.session) ?? []).filter((one) => one.chat === chat).map((one) => one.offset),
    ).toEqual([0, 100, 200, 300]);
    expect((asked.get(family.session) ?? []).map((one) => one.chat)).not.toContain('status@broadcast');
    // The one risk of the window, as history: not the status's, the channel's or the older one.
    expect(seat?.openAlerts.map((alert) => [alert.source, alert.findingsCount])).toEqual([['history', 1]]);
    // The message whose time was lost keeps its place: its neighbour's time.
    const lost = kept.find(
      (one) => one.messageId === on.deps.hasher.digest('message', `false_${chat}_${family.session}_150`),
    );
    const before = kept.find(
      (one) => one.messageId === on.deps.hasher.digest('message', `false_${chat}_${family.session}_149`),
    );
    expect(lost?.sentAt).toBe(before?.sentAt);
  }, 120_000);

  it('asks a page that times out again smaller from the same offset, and a worker that dies after resumes with nothing doubled', async () => {
    const on = depsOn(table, 4);
    const family = await familyOn(table);
    const { chat } = seedWhole(family.session);
    slowAbove.set(family.session, 25);
    await runAs('history', () => requestHistoryImport(on.deps, family.caller, family.seat.uid));
    const job = on.sent.shift();
    if (job === undefined) throw new Error('no job');
    // Dies on its sixth call, after pages read at the smaller size.
    let calls = 0;
    const dying: RunDeps = {
      ...on.deps,
      sessions: {
        ...provider,
        chatMessages: async (...args) => {
          calls += 1;
          if (calls === 6) throw new Error('the worker died here');
          return provider.chatMessages(...args);
        },
      },
    };
    await expect(runAs('historyImport', () => runImport(dying, job))).rejects.toThrow('the worker died here');
    expect(await runAs('historyImport', () => runImport(on.deps, job))).toBe('finished');

    const pages = (asked.get(family.session) ?? []).filter((one) => one.chat === chat);
    // 100 and 50 time out; 25 answers, and the run goes on at 25.
    expect(pages.slice(0, 5).map(({ offset, limit }) => [offset, limit])).toEqual([
      [0, 100],
      [0, 50],
      [0, 25],
      [25, 25],
      [50, 25],
    ]);
    const { done, storedOf, seat } = await imported(on, family);
    expect(done).toMatchObject({ status: 'done', progress: { chats: 2, chatsDone: 2, messages: 243 } });
    const kept = await storedOf(chat);
    expect(new Set(kept.map((one) => one.messageId)).size).toBe(210);
    expect(kept).toHaveLength(210);
    expect(seat?.openAlerts.map((alert) => [alert.source, alert.findingsCount])).toEqual([['history', 1]]);
    expect(seat?.historyImport?.findings).toBe(1);
  }, 120_000);

  it('reads at least one page in a run that spent its budget before it, so the import still moves', async () => {
    const on = depsOn(table, 4);
    const family = await familyOn(table);
    seedHistory(family.session, 2, 3);
    await runAs('history', () => requestHistoryImport(on.deps, family.caller, family.seat.uid));
    const outcomes: string[] = [];
    // Each run's budget gone before its first page (the local stack's is 1 s, on a loaded machine).
    for (let run = 0; run < 10 && on.sent.length > 0; run += 1) {
      const job = on.sent.shift();
      if (job === undefined) break;
      outcomes.push(await runAs('historyImport', () => runImport(on.deps, job, { budgetMs: -1 })));
    }
    // Two chats of two pages each (the second empty): one page a run.
    expect(outcomes).toEqual(['continued', 'continued', 'continued', 'finished']);
    const done = await runAs('history', () => getHistoryImport(on.deps, family.caller, family.seat.uid));
    expect(done).toMatchObject({ status: 'done', progress: { chats: 2, chatsDone: 2, messages: 6 } });
  }, 120_000);

  it('fails the run when the smallest page still times out', async () => {
    const on = depsOn(table, 4);
    const family = await familyOn(table);
    seedWhole(family.session);
    slowAbove.set(family.session, 5);
    await runAs('history', () => requestHistoryImport(on.deps, family.caller, family.seat.uid));
    const job = on.sent.shift();
    if (job === undefined) throw new Error('no job');
    await expect(runAs('historyImport', () => runImport(on.deps, job))).rejects.toMatchObject({
      name: 'TimeoutError',
    });
    expect((asked.get(family.session) ?? []).map((one) => one.limit)).toEqual([100, 50, 25, 12, 10]);
  }, 120_000);
});

describe('the recurring admission sweep', () => {
  it('hands on a slot freed by a worker that died before admitting the next import', async () => {
    const table = await freshTable();
    const on = depsOn(table, 1);
    const first = await familyOn(table);
    const second = await familyOn(table);
    seedHistory(first.session, 1, 2);
    seedHistory(second.session, 1, 2);
    await runAs('history', () => requestHistoryImport(on.deps, first.caller, first.seat.uid));
    await runAs('history', () => requestHistoryImport(on.deps, second.caller, second.seat.uid));
    const job = on.sent.shift();
    if (job === undefined || on.sent.length > 0) throw new Error('expected one admitted import');

    // The worker finishes the first import (its slot freed in that move) and dies before admitting.
    const dying: RunDeps = {
      ...on.deps,
      historyQueue: {
        ...on.deps.historyQueue,
        freeSlots: async () => {
          throw new Error('the worker died here');
        },
      },
    };
    await expect(runImport(dying, job)).rejects.toThrow('the worker died here');
    expect(
      await runAs('history', () => getHistoryImport(on.deps, first.caller, first.seat.uid)),
    ).toMatchObject({ status: 'done' });
    expect(await slotItems(table)).toEqual([]);
    expect(
      await runAs('history', () => getHistoryImport(on.deps, second.caller, second.seat.uid)),
    ).toMatchObject({
      status: 'waiting',
      position: 1,
    });

    // The sweep's run (functions/workers/history-checks/admission-sweep.ts) admits it; a doubled run
    // changes nothing.
    expect(await runAs('historyAdmission', () => admitNext(on.deps, 'crons'))).toBe(1);
    expect(await runAs('historyAdmission', () => admitNext(on.deps, 'crons'))).toBe(0);
    // The recurring sweep admits nothing more and reports the one slot held by the running import.
    const metrics = recordedMetrics();
    expect(await runAs('historyAdmission', () => sweepAdmissions({ ...on.deps, metrics }, 'crons'))).toBe(0);
    expect(metrics.levels).toEqual({ ImportSlotsHeld: 1 });
    expect(
      await runAs('history', () => getHistoryImport(on.deps, second.caller, second.seat.uid)),
    ).toMatchObject({
      status: 'running',
    });
    expect(on.sent).toHaveLength(1);
    expect(await drainWorker(on)).toEqual(['finished']);
    expect(await slotItems(table)).toEqual([]);
  }, 120_000);
});
