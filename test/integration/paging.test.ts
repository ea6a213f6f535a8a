import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TableAccess } from '../../shared/adapters/dynamo/client';
import { cryptoIds } from '../../shared/adapters/crypto/node-crypto';
import { dynamoFamilyStore } from '../../shared/adapters/dynamo/family.store';
import { dynamoInbox, inboxEntries } from '../../shared/adapters/dynamo/inbox.store';
import { newSeat } from '../../shared/domain/family/seat';
import { seatUidFor } from '../../shared/domain/family/uids';
import { newNotification } from '../../shared/domain/notifications/notification';
import { freshTable, inSmallPages } from '../support/table';
import { newAccountWithOwner } from '../support/family';

let table: TableAccess;
beforeAll(async () => {
  table = await freshTable();
});

const ids = cryptoIds();
const now = new Date('2026-11-22T10:00:00Z');
const pageSize = 2;

describe('reads that span pages', () => {
  it('load a whole family and every membership of a user, page after page', async () => {
    const families = dynamoFamilyStore(table);
    const { account, owner } = newAccountWithOwner(ids, now);
    await families.createAccount(account, owner, []);
    const seats = Array.from({ length: 5 }, () =>
      newSeat({
        uid: seatUidFor(account.uid, ids.randomPart(16)),
        seatId: ids.ulid(),
        accountUid: account.uid,
        price: { amount: 1, currency: 'BRL' },
        now,
      }),
    );
    for (const seat of seats) await families.addSeat(seat, []);
    const others = [1, 2, 3].map((n) => ({
      uid: ids.uid('acc'),
      name: `Other ${n}`,
      createdAt: '',
      version: 0,
    }));
    for (const other of others) await families.createAccount(other, { ...owner, accountUid: other.uid }, []);

    const paged = inSmallPages(table, pageSize);
    const loaded = await dynamoFamilyStore(paged.table).load(account.uid);
    expect(loaded?.account).toEqual(account);
    expect(loaded?.members).toEqual([owner]);
    expect(loaded?.seats.map((seat) => seat.uid).sort()).toEqual(seats.map((seat) => seat.uid).sort());
    // An account, its owner and five seats: four pages of two.
    expect(paged.read.pages).toBe(4);

    const before = paged.read.pages;
    const memberships = await dynamoFamilyStore(paged.table).listForUser(owner.userUid);
    expect(paged.read.pages - before).toBeGreaterThan(1);
    expect(memberships.map((one) => one.accountUid).sort()).toEqual(
      [account.uid, ...others.map((other) => other.uid)].sort(),
    );
  });

  it('mark every unread notification read, page after page', async () => {
    const user = ids.uid('usr');
    const all = Array.from({ length: 7 }, () =>
      newNotification({ id: ids.ulid(), type: 'pairing.disconnected', seatUid: 'st_x', now }),
    );
    for (const notification of all)
      await table.doc.send(
        new TransactWriteCommand({ TransactItems: inboxEntries(table, notification, [user]) }),
      );
    const paged = inSmallPages(table, pageSize);
    const inbox = dynamoInbox(paged.table);
    expect((await inbox.page(user, null)).unread).toBe(7);

    const before = paged.read.pages;
    await inbox.markAllRead(user, now);
    expect(paged.read.pages - before).toBe(4);
    const after = await inbox.page(user, null);
    expect(after.unread).toBe(0);
    expect(after.notifications.every((notification) => notification.readAt !== null)).toBe(true);
  });
});
