import { beforeAll, describe, expect, it } from 'vitest';
import { localSeatKeys } from '../../shared/adapters/consent/local-seat-keys';
import { cryptoIds } from '../../shared/adapters/crypto/node-crypto';
import type { TableAccess } from '../../shared/adapters/dynamo/client';
import { dynamoFamilyStore } from '../../shared/adapters/dynamo/family.store';
import { dynamoInbox } from '../../shared/adapters/dynamo/inbox.store';
import { getHome } from '../../shared/app/accounts/home';
import type { AlertRecord } from '../../shared/domain/alerts/alert';
import { newSeat } from '../../shared/domain/family/seat';
import { alertUidFor, seatUidFor } from '../../shared/domain/family/uids';
import { protectedSeat } from '../support/seats';
import { counted, freshTable } from '../support/table';

let table: TableAccess;
beforeAll(async () => {
  table = await freshTable();
});

const ids = cryptoIds();
const seatKeys = localSeatKeys(Buffer.alloc(32, 7).toString('base64'));
const now = new Date('2026-11-20T15:00:00Z');

const openAlert = (
  accountUid: string,
  seatUid: string,
  category: AlertRecord['category'],
  createdAt: string,
): AlertRecord => ({
  uid: alertUidFor(accountUid, ids.ulid()),
  seatUid,
  category,
  severity: 'high',
  status: 'open',
  findingsCount: 1,
  firstFindingAt: createdAt,
  lastFindingAt: createdAt,
  createdAt,
  decidedAt: null,
  decidedBy: null,
  source: 'live',
  carryingMessages: [{ messageId: 'm1', sentAt: createdAt }],
});

describe('the home screen', () => {
  it('reads the family and the unread counter in at most 2 DynamoDB calls', async () => {
    const alerts = [
      ['grooming', '2026-11-20T10:00:00Z'],
      ['bullying', '2026-11-20T12:00:00Z'],
      ['self_harm', '2026-11-20T09:00:00Z'],
      ['scam', '2026-11-20T11:00:00Z'],
    ] as const;
    const active = await protectedSeat(table, ids, now, seatKeys);
    const families = dynamoFamilyStore(table);
    const withAlerts = await families.saveSeat(
      {
        ...active,
        openAlerts: alerts.map(([category, at]) => openAlert(active.accountUid, active.uid, category, at)),
      },
      [],
    );
    const pendingSeat = (random: string) =>
      newSeat({
        uid: seatUidFor(active.accountUid, random),
        seatId: ids.ulid(),
        accountUid: active.accountUid,
        price: { amount: 1, currency: 'BRL' },
        now: new Date(now.getTime() + 60_000),
      });
    const pending = pendingSeat(ids.randomPart(16));
    await families.addSeat(pending, []);
    const archived = pendingSeat(ids.randomPart(16));
    await families.addSeat({ ...archived, status: 'archived' }, []);
    const family = await families.load(active.accountUid);
    const ownerUid = family?.members[0]?.userUid ?? '';

    const { table: countedTable, sent } = counted(table);
    const home = await getHome(
      {
        families: dynamoFamilyStore(countedTable),
        inbox: dynamoInbox(countedTable),
        clock: { now: () => now },
      },
      { userUid: ownerUid },
      active.accountUid,
    );

    expect(sent.calls).toBeLessThanOrEqual(2);
    expect(home.account).toEqual({ uid: active.accountUid, name: 'Silva' });
    expect(home.onboarding).toEqual({ nextStep: 'fill_dependent', nextSeatUid: pending.uid, complete: true });
    expect(home.people.map((person) => [person.seatUid, person.seatStatus])).toEqual([
      [active.uid, 'active'],
      [pending.uid, 'pending'],
    ]);
    const [first] = home.people;
    expect(first?.protection.state).toBe('needs_you');
    expect(first?.connection).toEqual({ status: 'paired', lastSeenAt: active.pairing?.lastSeenAt ?? null });
    expect(first?.week).toHaveLength(7);
    expect(first?.warmup).toBeNull();
    expect(first?.alerts).toEqual({ open: 4 });
    expect(home.people[1]?.connection).toBeNull();
    expect(home.alerts.open).toBe(4);
    expect(home.alerts.latest.map((alert) => alert.createdAt)).toEqual([
      '2026-11-20T12:00:00Z',
      '2026-11-20T11:00:00Z',
      '2026-11-20T10:00:00Z',
    ]);
    expect(home.alerts.latest[0]).not.toHaveProperty('carryingMessages');
    expect(withAlerts.openAlerts).toHaveLength(4);
    expect(home.notifications).toEqual({ unread: 0 });
  });

  it('answers 404 to a member of another family', async () => {
    const seat = await protectedSeat(table, ids, now, seatKeys);
    await expect(
      getHome(
        { families: dynamoFamilyStore(table), inbox: dynamoInbox(table), clock: { now: () => now } },
        { userUid: ids.uid('usr') },
        seat.accountUid,
      ),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
