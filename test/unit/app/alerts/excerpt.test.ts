import { describe, expect, it } from 'vitest';
import { readAlertExcerpt } from '../../../../shared/app/alerts/excerpt';
import { fakeWorld } from '../../../support/fakes/deps';
import { aFamily, anActiveSeat, anOpenAlert, aStranger } from '../../../support/fakes/seed';

describe('readAlertExcerpt', () => {
  it('opens the carrying messages with the seat’s key and records the read (never the text) before answering', async () => {
    const world = fakeWorld();
    const { accountUid, owner } = aFamily(world);
    const seat = anActiveSeat(world, accountUid);
    const alert = await anOpenAlert(world, seat, 'me manda uma foto sua');
    const excerpt = await readAlertExcerpt(world.deps, owner, alert.uid);
    expect(excerpt.messages.map((message) => message.text)).toEqual(['me manda uma foto sua']);
    expect(world.table.excerptReads).toMatchObject([{ alertUid: alert.uid, viewerUid: owner.userUid }]);
    expect(JSON.stringify(world.table.audit)).not.toContain('foto');
    expect(world.deps.metrics.counts.get('ExcerptReads')).toBe(1);
  });

  it('answers 422 EXCERPT_GONE once the messages are past retention', async () => {
    const world = fakeWorld();
    const { accountUid, owner } = aFamily(world);
    const seat = anActiveSeat(world, accountUid);
    const alert = await anOpenAlert(world, seat);
    world.table.messages.clear();
    await expect(readAlertExcerpt(world.deps, owner, alert.uid)).rejects.toMatchObject({
      code: 'EXCERPT_GONE',
    });
  });

  it('answers 422 SEAT_KEY_GONE once the seat’s key was destroyed', async () => {
    const world = fakeWorld();
    const { accountUid, owner } = aFamily(world);
    const seat = anActiveSeat(world, accountUid);
    const alert = await anOpenAlert(world, seat);
    world.table.wrappedKeys.clear();
    await expect(readAlertExcerpt(world.deps, owner, alert.uid)).rejects.toMatchObject({
      code: 'SEAT_KEY_GONE',
    });
  });

  it("answers 429 RATE_LIMITED past the guardian's budget, before looking anything up", async () => {
    const world = fakeWorld();
    const { limit } = world.deps.settings.rates.excerptPerGuardian;
    const stranger = aStranger(world);
    for (let read = 0; read < limit; read += 1)
      await expect(readAlertExcerpt(world.deps, stranger, 'al_nope')).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
    await expect(readAlertExcerpt(world.deps, stranger, 'al_nope')).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
  });
});
