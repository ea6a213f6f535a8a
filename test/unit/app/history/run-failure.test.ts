import { describe, expect, it } from 'vitest';
import { requestHistoryImport } from '../../../../shared/app/history/imports';
import { settleFailedRun } from '../../../../shared/app/history/run-failure';
import { ProviderRefused } from '../../../../shared/ports/session-provider';
import { fakeWorld, type FakeWorld } from '../../../support/fakes/deps';
import { aFamily, aPairedSeat, aWarmedUpSeat, eventTypes, storedSeat } from '../../../support/fakes/seed';

/** The jitter that keeps each delay as listed (2, 4, 8, 16, 30 s). */
const asListed = 0.5;

/** A running warm-up (the job its worker got), and another seat's import waiting behind both slots. */
const runningWithQueue = async (world: FakeWorld) => {
  const family = aFamily(world);
  const [seat, other, waiting] = [
    aPairedSeat(world, family.accountUid, 'sp-1'),
    aPairedSeat(world, family.accountUid, 'sp-1'),
    aWarmedUpSeat(world, family.accountUid),
  ];
  for (const one of [seat, other, waiting]) await requestHistoryImport(world.deps, family.owner, one.uid);
  const job = world.deps.historyWork.sent[0]?.job;
  if (job === undefined) throw new Error('the warm-up was not admitted');
  return { ...family, seat, waiting, job };
};

describe('settleFailedRun', () => {
  it('sends the job again a few seconds later on a failure that may pass, the import still running', async () => {
    const world = fakeWorld();
    const { seat, job } = await runningWithQueue(world);
    await expect(settleFailedRun(world.deps, job, new ProviderRefused(503), asListed)).resolves.toEqual({
      then: 'retry',
      attempt: 1,
      delaySeconds: 2,
      cause: 'status_503',
    });
    expect(world.deps.historyWork.sent.at(-1)).toEqual({
      job: { ...job, attempt: 1, mark: 0 },
      delaySeconds: 2,
    });
    expect(storedSeat(world, seat)?.historyImport?.status).toBe('running');
  });

  it('fails the import after the last try, its slot going to the next import', async () => {
    const world = fakeWorld();
    const { seat, waiting, job } = await runningWithQueue(world);
    await expect(
      settleFailedRun(world.deps, { ...job, attempt: 5, mark: 0 }, new ProviderRefused(503), asListed),
    ).resolves.toEqual({ then: 'give_up', attempt: 6, cause: 'status_503' });
    expect(storedSeat(world, seat)?.historyImport).toMatchObject({ status: 'failed', slot: null });
    expect(storedSeat(world, waiting)?.historyImport?.status).toBe('offered');
    expect(eventTypes(world)).toContain('history.failed');
  });

  it('ends the import at once when the provider no longer has the session (404)', async () => {
    const world = fakeWorld();
    const { seat, job } = await runningWithQueue(world);
    await expect(settleFailedRun(world.deps, job, new ProviderRefused(404), asListed)).resolves.toEqual({
      then: 'end_gone',
      attempt: 1,
      cause: 'session_gone',
    });
    expect(storedSeat(world, seat)?.historyImport?.status).toBe('failed');
  });

  it('counts the failures afresh after a run that read more than the try before it', async () => {
    const world = fakeWorld();
    const { seat, job } = await runningWithQueue(world);
    const stored = storedSeat(world, seat);
    if (stored?.historyImport == null) throw new Error('no import');
    stored.historyImport.progress = { chats: 4, chatsDone: 1, messages: 20 };
    await expect(
      settleFailedRun(world.deps, { ...job, attempt: 5, mark: 0 }, new ProviderRefused(503), asListed),
    ).resolves.toMatchObject({ then: 'retry', attempt: 1 });
    expect(world.deps.historyWork.sent.at(-1)?.job).toEqual({ ...job, attempt: 1, mark: 21 });
  });

  it('leaves an import no longer running as it is', async () => {
    const world = fakeWorld();
    const { job } = await runningWithQueue(world);
    const sent = world.deps.historyWork.sent.length;
    await expect(
      settleFailedRun(world.deps, { ...job, importId: 'another' }, new ProviderRefused(503), asListed),
    ).resolves.toEqual({ then: 'stale', cause: 'status_503', attempt: 1 });
    expect(world.deps.historyWork.sent).toHaveLength(sent);
  });
});
