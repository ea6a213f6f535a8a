import type { Family } from '../../../shared/domain/family/account';
import type { Member } from '../../../shared/domain/family/member';
import type { Seat } from '../../../shared/domain/family/seat';
import type { DayTally } from '../../../shared/domain/family/week';
import type { DomainEvent } from '../../../shared/domain/events/event';
import { findingKey } from '../../../shared/domain/alerts/finding';
import type { FamilyStore, KeptMessage, NewUser, SeatChangeExtras } from '../../../shared/ports/stores';
import { historyQueueChecks } from './history-queue';
import { eventRows, requireThat, transaction, type FakeTable } from './table';

const familyIn = (table: FakeTable, accountUid: string): Family => {
  const family = table.families.get(accountUid);
  requireThat(family !== undefined, `account ${accountUid} exists`);
  return family as Family;
};

const seatIn = (table: FakeTable, seat: Pick<Seat, 'accountUid' | 'uid'>): Seat | undefined =>
  table.families.get(seat.accountUid)?.seats.find((one) => one.uid === seat.uid);

/** An aggregate's version as `putVersioned` checks it. */
const sameVersion = (stored: { version: number } | undefined, read: { version: number }) =>
  stored !== undefined && stored.version === read.version;

const newUserWrites = (table: FakeTable, created: NewUser | null) => ({
  check: () => {
    if (created === null) return;
    requireThat(!table.users.has(created.user.uid), `user ${created.user.uid} exists`);
    requireThat(!table.emailLookups.has(created.emailHash), 'the address has a user');
  },
  apply: () => {
    if (created === null) return;
    table.users.set(created.user.uid, structuredClone(created.user));
    table.emailLookups.set(created.emailHash, created.user.uid);
  },
});

const keptMessageWrites = (table: FakeTable, kept: KeptMessage) => {
  const messageKey = `${kept.message.seatId}#${kept.message.messageId}`;
  const findingKeys = kept.findings.map((finding) => `${kept.message.seatId}#${findingKey(finding)}`);
  return {
    check: () => {
      requireThat(!table.messages.has(messageKey), 'the message is kept already');
      for (const key of findingKeys) requireThat(!table.findings.has(key), `finding ${key} is recorded`);
    },
    apply: () => {
      table.messages.set(
        messageKey,
        structuredClone({ message: kept.message, expiresAtSeconds: kept.expiresAtSeconds }),
      );
      kept.findings.forEach((finding, index) =>
        table.findings.set(findingKeys[index] ?? '', structuredClone(finding)),
      );
    },
  };
};

const addDays = (family: Family, days: readonly DayTally[]): readonly DayTally[] => {
  const tallies = [...(family.dayTallies ?? [])];
  for (const day of days) {
    const index = tallies.findIndex((one) => one.seatUid === day.seatUid && one.date === day.date);
    const known = tallies[index];
    if (known === undefined) tallies.push({ ...day });
    else
      tallies[index] = {
        ...known,
        watchedMs: known.watchedMs + day.watchedMs,
        connectedMs: known.connectedMs + day.connectedMs,
        pausedMs: known.pausedMs + day.pausedMs,
        drops: known.drops + day.drops,
      };
  }
  return tallies;
};

/** The seat write's other items, each with its condition, as `dynamoFamilyStore.saveSeat` writes them. */
const seatChangeWrites = (table: FakeTable, seat: Seat, stored: Seat | undefined, also: SeatChangeExtras) => {
  const checks: (() => void)[] = [];
  const applies: (() => void)[] = [];
  const family = () => familyIn(table, seat.accountUid);
  if (also.dataKey?.kind === 'made') {
    const wrappedKey = also.dataKey.wrappedKey;
    checks.push(() => requireThat(!table.wrappedKeys.has(seat.seatId), 'the seat holds a key already'));
    applies.push(() => table.wrappedKeys.set(seat.seatId, { dataKeyId: seat.dataKeyId ?? '', wrappedKey }));
  }
  if (also.dataKey?.kind === 'destroyed') applies.push(() => table.wrappedKeys.delete(seat.seatId));
  // A data key moves only with its wrapped copy (`dataKeyGuard`).
  checks.push(() => {
    if (also.dataKey?.kind === 'destroyed') return;
    if (also.dataKey?.kind === 'made' || seat.dataKeyId === null)
      requireThat(stored?.dataKeyId === null, 'the seat names no data key');
    else requireThat(stored?.dataKeyId === seat.dataKeyId, 'the seat names the same data key');
  });
  const link = also.consentLink;
  if (link !== undefined) {
    checks.push(() => requireThat(!table.consentLinks.has(link.tokenHash), 'the consent link exists'));
    applies.push(() =>
      table.consentLinks.set(link.tokenHash, {
        accountUid: seat.accountUid,
        seatUid: seat.uid,
        requestId: link.requestId,
      }),
    );
  }
  const subscription = also.subscription;
  if (subscription !== undefined) {
    checks.push(() =>
      subscription.mode === 'new'
        ? requireThat(family().subscription === null, 'the account has a subscription')
        : requireThat(
            family().subscription?.version === subscription.value.version,
            'the subscription is as read',
          ),
    );
    applies.push(() => {
      family().subscription = {
        ...structuredClone(subscription.value),
        version: subscription.mode === 'new' ? subscription.value.version : subscription.value.version + 1,
      };
    });
  }
  for (const { value, recipients } of also.notifications ?? []) {
    checks.push(() => {
      for (const userUid of recipients)
        requireThat(
          !(table.inbox.get(userUid) ?? []).some((entry) => entry.id === value.id),
          `notification ${value.id} exists`,
        );
    });
    applies.push(() => {
      for (const userUid of recipients)
        table.inbox.set(userUid, [...(table.inbox.get(userUid) ?? []), structuredClone(value)]);
    });
  }
  const released = also.releaseProxy;
  if (released !== undefined) {
    checks.push(() => requireThat((table.proxies.get(released)?.bound ?? 0) > 0, 'the proxy holds a slot'));
    applies.push(() => {
      const proxy = table.proxies.get(released);
      if (proxy !== undefined) proxy.bound -= 1;
    });
  }
  const taken = also.takeProxy;
  if (taken !== undefined) {
    checks.push(() => {
      const proxy = table.proxies.get(taken);
      requireThat(
        proxy !== undefined && proxy.status === 'active' && proxy.bound < proxy.capacity,
        'the proxy has room',
      );
    });
    applies.push(() => {
      const proxy = table.proxies.get(taken);
      if (proxy !== undefined) proxy.bound += 1;
    });
  }
  const handled = also.providerEvent;
  if (handled !== undefined) {
    checks.push(() => requireThat(!table.providerEvents.has(handled.id), `event ${handled.id} was handled`));
    applies.push(() => table.providerEvents.set(handled.id, handled.expiresAtSeconds));
  }
  for (const { alert, before } of also.alerts ?? []) {
    checks.push(() =>
      requireThat(table.alerts.has(alert.uid) === (before !== null), `alert ${alert.uid} is as read`),
    );
    applies.push(() =>
      table.alerts.set(alert.uid, { accountUid: seat.accountUid, alert: structuredClone(alert) }),
    );
  }
  if (also.message !== undefined) {
    const writes = keptMessageWrites(table, also.message);
    checks.push(writes.check);
    applies.push(writes.apply);
  }
  const days = also.days;
  if (days !== undefined && days.length > 0)
    applies.push(() => (family().dayTallies = addDays(family(), days)));
  const audit = also.audit;
  if (audit !== undefined) {
    checks.push(() =>
      requireThat(!table.audit.some((entry) => entry.id === audit.id), 'the audit entry exists'),
    );
    applies.push(() => table.audit.push(structuredClone(audit)));
  }
  const overview = also.overview;
  if (overview !== undefined) applies.push(() => table.overview.push({ ...overview }));
  const history = also.history;
  if (history !== undefined) {
    checks.push(() => historyQueueChecks(table, history));
    applies.push(() => table.history.push(structuredClone(history)));
  }
  return { checks, applies };
};

/**
 * The family store over the fake table: every write is one transaction of conditions and changes,
 * a versioned aggregate moves its version by one, and a write whose read state moved throws
 * `StaleWrite` (as `dynamoFamilyStore`'s conditions do).
 */
const familyStoreOver = (table: FakeTable): FamilyStore => ({
  load: async (accountUid) => {
    const family = table.families.get(accountUid);
    return family === undefined ? null : structuredClone({ excerptViews: [], dayTallies: [], ...family });
  },

  listForUser: async (userUid) =>
    [...table.families.values()].flatMap((family) =>
      family.members
        .filter((member) => member.userUid === userUid)
        .map((member) => ({ accountUid: family.account.uid, name: family.account.name, role: member.role })),
    ),

  createAccount: async (account, owner, events) => {
    const rows = eventRows(table, events);
    transaction(
      [() => requireThat(!table.families.has(account.uid), `account ${account.uid} exists`), rows.check],
      [
        () =>
          table.families.set(account.uid, {
            account: structuredClone(account),
            members: [structuredClone(owner)],
            seats: [],
            subscription: null,
          }),
        rows.apply,
      ],
    );
  },

  addSeat: async (seat, events) => {
    if (seat.dataKeyId !== null) throw new Error('a new seat has no data key yet');
    const rows = eventRows(table, events);
    transaction(
      [
        () => familyIn(table, seat.accountUid),
        () => requireThat(seatIn(table, seat) === undefined, `seat ${seat.uid} exists`),
        rows.check,
      ],
      [() => familyIn(table, seat.accountUid).seats.push(structuredClone(seat)), rows.apply],
    );
  },

  saveSeat: async (seat, events: DomainEvent[], also = {}) => {
    const stored = seatIn(table, seat);
    const saved: Seat = { ...structuredClone(seat), version: seat.version + 1 };
    const extras = seatChangeWrites(table, seat, stored, also);
    const rows = eventRows(table, events);
    transaction(
      [
        () => requireThat(sameVersion(stored, seat), `seat ${seat.uid} is at version ${seat.version}`),
        ...extras.checks,
        rows.check,
      ],
      [
        () => {
          const family = familyIn(table, seat.accountUid);
          family.seats = family.seats.map((one) => (one.uid === seat.uid ? saved : one));
        },
        ...extras.applies,
        rows.apply,
      ],
    );
    return structuredClone(saved);
  },

  handledProviderEvent: async (eventId) => table.providerEvents.has(eventId),

  keepMessage: async (seat, kept) => {
    const stored = seatIn(table, seat);
    const writes = keptMessageWrites(table, kept);
    transaction(
      [
        () =>
          requireThat(
            stored?.status === 'active' && stored.dataKeyId === seat.dataKeyId,
            'the seat is active with the same key',
          ),
        writes.check,
      ],
      [writes.apply],
    );
  },

  findConsentLink: async (tokenHash) => structuredClone(table.consentLinks.get(tokenHash) ?? null),

  openSubscription: async (account, subscription, events) => {
    const rows = eventRows(table, events);
    transaction(
      [
        () =>
          requireThat(familyIn(table, account.uid).subscription === null, 'the account has a subscription'),
        rows.check,
      ],
      [() => (familyIn(table, account.uid).subscription = structuredClone(subscription)), rows.apply],
    );
  },

  addMember: async (account, member, created, events) => {
    const user = newUserWrites(table, created);
    const rows = eventRows(table, events);
    transaction(
      [
        () =>
          requireThat(
            !familyIn(table, account.uid).members.some((one) => one.userUid === member.userUid),
            'the member exists',
          ),
        user.check,
        rows.check,
      ],
      [() => familyIn(table, account.uid).members.push(structuredClone(member)), user.apply, rows.apply],
    );
  },

  saveMember: async (account, member, events) => {
    const saved: Member = { ...structuredClone(member), version: member.version + 1 };
    const rows = eventRows(table, events);
    const stored = () => familyIn(table, account.uid).members.find((one) => one.userUid === member.userUid);
    transaction(
      [() => requireThat(sameVersion(stored(), member), 'the member is as read'), rows.check],
      [
        () => {
          const family = familyIn(table, account.uid);
          family.members = family.members.map((one) => (one.userUid === member.userUid ? saved : one));
        },
        rows.apply,
      ],
    );
    return structuredClone(saved);
  },

  removeMember: async (account, member, events) => {
    const rows = eventRows(table, events);
    const stored = () => familyIn(table, account.uid).members.find((one) => one.userUid === member.userUid);
    transaction(
      [
        () =>
          requireThat(stored() !== undefined && stored()?.role !== 'owner', 'a member who is not the owner'),
        () => requireThat(sameVersion(stored(), member), 'the member is as read'),
        rows.check,
      ],
      [
        () => {
          const family = familyIn(table, account.uid);
          family.members = family.members.filter((one) => one.userUid !== member.userUid);
        },
        rows.apply,
      ],
    );
  },
});

/** The family store over the fake table (`familyStoreOver`), with the accounts it read, in order. */
export const fakeFamilyStore = (table: FakeTable): FamilyStore & { loads: string[] } => {
  const store = familyStoreOver(table);
  const loads: string[] = [];
  return {
    ...store,
    loads,
    load: (accountUid) => {
      loads.push(accountUid);
      return store.load(accountUid);
    },
  };
};
