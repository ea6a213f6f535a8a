import { describe, expect, it } from 'vitest';
import { requestHistoryImport } from '../../../../shared/app/history/imports';
import { runImport } from '../../../../shared/app/history/run';
import type { HistoryMessage } from '../../../../shared/ports/session-provider';
import { fakeAnalyzer, findsOn } from '../../../support/fakes/analyzer';
import { fakeDeps, fakeWorld, type FakeWorld } from '../../../support/fakes/deps';
import type { FakeSession } from '../../../support/fakes/session-provider';
import { aFamily, aPairedSeat, eventTypes, storedSeat } from '../../../support/fakes/seed';

const DAY_SECONDS = 86_400;
const friend = '5521998765432@c.us';
const group = '120363000000000001@g.us';

/** The person's history at the provider: a friend's chat, a group, their status and a channel. */
const history = (world: FakeWorld): FakeSession['chats'] => {
  const now = world.deps.clock.now().getTime() / 1000;
  const message = (chat: string, id: string, ago: number, text: string | null): HistoryMessage => ({
    id,
    chat,
    fromMe: false,
    timestamp: now - ago,
    text,
  });
  return [
    {
      chat: { id: friend },
      messages: [
        message(friend, 'f_old', 40 * DAY_SECONDS, 'de antes da janela'),
        message(friend, 'f_text', 3600, 'oi, tudo bem?'),
        message(friend, 'f_sticker', 1800, null),
      ],
    },
    { chat: { id: 'status@broadcast' }, messages: [message('status@broadcast', 's_1', 60, 'meu status')] },
    { chat: { id: '120363000000000002@newsletter' }, messages: [message('x@newsletter', 'n_1', 60, 'post')] },
    { chat: { id: group }, messages: [message(group, 'g_text', 600, 'me manda uma foto sua')] },
  ];
};

/** A paired seat whose warm-up was admitted (the job its worker got), its history at the provider. */
const runningWarmUp = async (world: FakeWorld) => {
  const family = aFamily(world);
  const seat = aPairedSeat(world, family.accountUid, 'sp-1');
  world.deps.sessions.have(seat.pairing?.sessionName ?? '', { status: 'WORKING', chats: history(world) });
  await requestHistoryImport(world.deps, family.owner, seat.uid);
  const job = world.deps.historyWork.sent[0]?.job;
  if (job === undefined) throw new Error('the warm-up was not admitted');
  return { ...family, seat, job };
};

const pagesAsked = (world: FakeWorld) =>
  world.deps.sessions.calls.filter((call) => call.startsWith('chatMessages'));

const timeout = () => Object.assign(new Error('the provider took too long'), { name: 'TimeoutError' });

describe('runImport', () => {
  it('reads each chat the service reads back HISTORY_DAYS, seals each message with text, counts the rest, and finishes', async () => {
    const world = fakeWorld();
    const { seat, job } = await runningWarmUp(world);
    await expect(runImport(world.deps, job)).resolves.toBe('finished');
    expect(storedSeat(world, seat)?.historyImport).toMatchObject({
      status: 'done',
      step: 'analysis',
      slot: null,
      progress: { chats: 2, chatsDone: 2, messages: 3 },
      findings: 0,
    });
    // Status updates and channels are not read.
    expect(pagesAsked(world)).toEqual([
      `chatMessages ${friend} 0+100`,
      `chatMessages ${friend} 100+100`,
      `chatMessages ${group} 0+100`,
      `chatMessages ${group} 100+100`,
    ]);
    expect(world.table.messages.size).toBe(2);
    expect(JSON.stringify([...world.table.messages.values()])).not.toContain('tudo bem');
    const finished = world.table.events.find(
      (event) => event.type === 'analysis.warmup' && event.payload['phase'] === 'finished',
    );
    expect(finished?.payload).toEqual({ phase: 'finished', messages: 3, findings: 0 });
    expect(eventTypes(world)).toContain('history.finished');
  });

  it('finds risks in history as alerts of their own source', async () => {
    const world = fakeDeps({ analyzer: fakeAnalyzer(findsOn('foto')) });
    const { accountUid, seat, job } = await runningWarmUp(world);
    await expect(runImport(world.deps, job)).resolves.toBe('finished');
    expect([...world.table.alerts.values()]).toMatchObject([
      { accountUid, alert: { seatUid: seat.uid, category: 'grooming', source: 'history' } },
    ]);
    expect(storedSeat(world, seat)?.historyImport?.findings).toBe(1);
  });

  it('hands the rest to a new run once past its budget, which resumes from the chats’ checkpoints: nothing read twice', async () => {
    const world = fakeWorld();
    const { seat, job } = await runningWarmUp(world);
    await expect(runImport(world.deps, job, { budgetMs: -1 })).resolves.toBe('continued');
    expect(world.deps.historyWork.sent.map((sent) => sent.job)).toEqual([job, job]);
    expect(storedSeat(world, seat)?.historyImport).toMatchObject({ status: 'running', step: 'messages' });
    await expect(runImport(world.deps, job)).resolves.toBe('finished');
    expect(pagesAsked(world)).toEqual([
      `chatMessages ${friend} 0+100`,
      `chatMessages ${friend} 100+100`,
      `chatMessages ${group} 0+100`,
      `chatMessages ${group} 100+100`,
    ]);
    expect(world.table.messages.size).toBe(2);
    expect(storedSeat(world, seat)?.historyImport?.progress.messages).toBe(3);
  });

  it('asks a page that timed out again smaller from the same offset, and fails once the smallest still times out', async () => {
    const world = fakeWorld();
    const { job } = await runningWarmUp(world);
    world.deps.sessions.fail('chatMessages', timeout(), 1);
    await expect(runImport(world.deps, job)).resolves.toBe('finished');
    expect(pagesAsked(world).slice(0, 3)).toEqual([
      `chatMessages ${friend} 0+100`,
      `chatMessages ${friend} 0+50`,
      `chatMessages ${friend} 50+50`,
    ]);

    const slow = fakeWorld();
    const stalled = await runningWarmUp(slow);
    slow.deps.sessions.fail('chatMessages', timeout());
    await expect(runImport(slow.deps, stalled.job)).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(pagesAsked(slow).at(-1)).toBe(`chatMessages ${friend} 0+10`);
  });

  it('changes nothing for an import no longer running', async () => {
    const world = fakeWorld();
    const { job } = await runningWarmUp(world);
    await expect(runImport(world.deps, { ...job, importId: 'another' })).resolves.toBe('stale');
    await runImport(world.deps, job);
    const written = world.table.events.length;
    await expect(runImport(world.deps, job)).resolves.toBe('stale');
    expect(world.table.events).toHaveLength(written);
  });
});
