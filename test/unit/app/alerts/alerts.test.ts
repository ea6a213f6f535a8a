import { describe, expect, it } from 'vitest';
import { dismissAlert, listAlerts, resolveAlert } from '../../../../shared/app/alerts/alerts';
import { fakeWorld, type FakeWorld } from '../../../support/fakes/deps';
import {
  aFamily,
  aGuardian,
  anActiveSeat,
  anOpenAlert,
  aStranger,
  eventTypes,
  storedSeat,
} from '../../../support/fakes/seed';

const familyWithAlert = async (world: FakeWorld) => {
  const { accountUid, owner } = aFamily(world);
  const guardian = aGuardian(world, accountUid);
  const seat = anActiveSeat(world, accountUid);
  return { accountUid, owner, guardian, seat, alert: await anOpenAlert(world, seat) };
};

describe('listAlerts', () => {
  it("lists the account's alerts newest first with the counts per status", async () => {
    const world = fakeWorld();
    const { accountUid, owner, seat, alert } = await familyWithAlert(world);
    const newer = await anOpenAlert(world, seat);
    const page = await listAlerts(world.deps, owner, accountUid, { limit: 10 });
    expect(page.data.map((one) => one.uid)).toEqual([newer.uid, alert.uid]);
    expect(page.counts).toEqual({ open: 2, resolved: 0, dismissed: 0 });
    expect(JSON.stringify(page.data)).not.toContain('carryingMessages');
  });

  it('gives a cursor after a full page, which reads the next one', async () => {
    const world = fakeWorld();
    const { accountUid, owner, seat, alert } = await familyWithAlert(world);
    await anOpenAlert(world, seat);
    const first = await listAlerts(world.deps, owner, accountUid, { limit: 1 });
    const second = await listAlerts(world.deps, owner, accountUid, {
      limit: 1,
      cursor: first.nextCursor ?? undefined,
    });
    expect(second.data.map((one) => one.uid)).toEqual([alert.uid]);
  });

  it("answers 404 for a seat of another account, and for another family's account", async () => {
    const world = fakeWorld();
    const { accountUid, owner } = await familyWithAlert(world);
    const other = aFamily(world, 'otto@example.com');
    const theirs = anActiveSeat(world, other.accountUid);
    await expect(
      listAlerts(world.deps, owner, accountUid, { limit: 10, seatUid: theirs.uid }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(listAlerts(world.deps, aStranger(world), accountUid, { limit: 10 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('resolveAlert', () => {
  it('closes the alert as resolved by the member, off the seat’s open alerts, with `alert.resolved`', async () => {
    const world = fakeWorld();
    const { guardian, seat, alert } = await familyWithAlert(world);
    const resolved = await resolveAlert(world.deps, guardian, alert.uid);
    expect(resolved).toMatchObject({ status: 'resolved', decidedBy: guardian.userUid });
    expect(world.table.alerts.get(alert.uid)?.alert.status).toBe('resolved');
    expect(storedSeat(world, seat)).toMatchObject({
      openAlerts: [],
      decidedAlerts: { resolved: 1, dismissed: 0 },
    });
    expect(eventTypes(world)).toContain('alert.resolved');
  });

  it('answers 422 ALERT_NOT_OPEN once it was decided, and 404 outside the family', async () => {
    const world = fakeWorld();
    const { owner, alert } = await familyWithAlert(world);
    await resolveAlert(world.deps, owner, alert.uid);
    await expect(resolveAlert(world.deps, owner, alert.uid)).rejects.toMatchObject({
      code: 'ALERT_NOT_OPEN',
    });
    await expect(resolveAlert(world.deps, aStranger(world), alert.uid)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('dismissAlert', () => {
  it('closes the alert as dismissed, counted on its seat, with `alert.dismissed`', async () => {
    const world = fakeWorld();
    const { owner, seat, alert } = await familyWithAlert(world);
    await expect(dismissAlert(world.deps, owner, alert.uid)).resolves.toMatchObject({ status: 'dismissed' });
    expect(storedSeat(world, seat)?.decidedAlerts).toEqual({ resolved: 0, dismissed: 1 });
    expect(eventTypes(world)).toContain('alert.dismissed');
  });
});
