import type { Account } from '../../../shared/domain/family/account';
import type { Member } from '../../../shared/domain/family/member';
import { isTimelineEvent, timelinePlaceOf } from '../../../shared/domain/operators/timeline';
import { sumOverview, type OverviewTotals } from '../../../shared/domain/operators/overview';
import type { InstantPlace } from '../../../shared/domain/pagination/instant-place';
import type { OperatorRole, Roster } from '../../../shared/domain/operators/roster';
import { connectionOf, type Connection } from '../../../shared/domain/operators/connection';
import type { Subscription } from '../../../shared/domain/family/subscription';
import type { User } from '../../../shared/domain/users/user';
import type {
  AuditTrail,
  BackofficeLists,
  ConsentRow,
  DependentRow,
  OperatorDirectory,
  OperatorTokens,
  OverviewCounters,
  QueueDepth,
  QueueDepths,
  RosterStore,
} from '../../../shared/ports/operators';
import { requireThat, transaction, type FakeTable } from './table';

/** Tokens `operator:<uid>` name their uid; anything else is no token. */
export const fakeOperatorTokens = (): OperatorTokens => ({
  verify: async (token) => (token.startsWith('operator:') ? token.slice('operator:'.length) : null),
});

/** The roster, written under its version with its audit entry (`dynamoRosterStore`). */
export const fakeRosterStore = (table: FakeTable): RosterStore & { roster: Roster } => {
  const store = {
    roster: { members: [], version: 0 } as Roster,
    read: async () => structuredClone(store.roster),
    write: async (before: Roster, after: Roster, audit: Parameters<RosterStore['write']>[2]) => {
      transaction(
        [() => requireThat(store.roster.version === before.version, 'the roster is as read')],
        [
          () => (store.roster = structuredClone({ ...after, version: before.version + 1 })),
          () => {
            if (audit !== null) table.audit.push(structuredClone(audit));
          },
        ],
      );
    },
  };
  return store;
};

/** The identity provider's users: one subject per address (`op-<n>`), in their role's group. */
export const fakeOperatorDirectory = (): OperatorDirectory & {
  users: Map<string, { uid: string; role: OperatorRole }>;
} => {
  const users = new Map<string, { uid: string; role: OperatorRole }>();
  return {
    users,
    create: async (email, role) => {
      const known = users.get(email);
      if (known !== undefined) return known.uid;
      const uid = `op-${users.size + 1}`;
      users.set(email, { uid, role });
      return uid;
    },
    setRole: async (member, _from, to) => {
      users.set(member.email, { uid: member.uid, role: to });
    },
    remove: async (member) => {
      users.delete(member.email);
    },
  };
};

/** Newest first by instant then id, after a place (exclusive). */
const newestFirst = <T>(
  items: readonly T[],
  placeOf: (item: T) => InstantPlace,
  after: InstantPlace | null,
  limit: number,
) =>
  items
    .map((item) => ({ item, place: placeOf(item) }))
    .filter(
      ({ place }) => after === null || place.at < after.at || (place.at === after.at && place.id < after.id),
    )
    .toSorted((a, b) => b.place.at.localeCompare(a.place.at) || b.place.id.localeCompare(a.place.id))
    .slice(0, limit)
    .map(({ item }) => structuredClone(item));

/** The audit trail in the table, newest first. */
export const fakeAuditTrail = (table: FakeTable): AuditTrail => ({
  page: async ({ after, limit }) =>
    newestFirst(table.audit, (entry) => ({ at: entry.at, id: entry.id }), after, limit),
  record: async (entry) => {
    transaction(
      [() => requireThat(!table.audit.some((one) => one.id === entry.id), 'the entry exists')],
      [() => table.audit.push(structuredClone(entry))],
    );
  },
});

/** The overview's counts: the deltas written with the changes, summed. */
export const fakeOverviewCounters = (table: FakeTable): OverviewCounters => ({
  read: async (): Promise<OverviewTotals> => sumOverview(table.overview),
});

const emptyDepth: QueueDepth = { waiting: 0, inFlight: 0, dead: 0 };

/** Empty queues unless the test sets their depths. */
export const fakeQueueDepths = (): QueueDepths & {
  current: Record<'sessionEvents' | 'businessEvents', QueueDepth>;
} => {
  const depths = {
    current: { sessionEvents: { ...emptyDepth }, businessEvents: { ...emptyDepth } },
    depths: async () => structuredClone(depths.current),
  };
  return depths;
};

/** The backoffice's lists, read from the table's families, users and events. */
export const fakeBackofficeLists = (table: FakeTable): BackofficeLists => {
  const families = () => [...table.families.values()];
  const seats = () => families().flatMap((family) => family.seats);
  return {
    users: async ({ after, limit }) =>
      newestFirst<User>(
        [...table.users.values()],
        (user) => ({ at: user.createdAt, id: user.uid }),
        after,
        limit,
      ),
    dependents: async ({ after, limit }) =>
      newestFirst<DependentRow>(
        seats()
          .filter((seat) => seat.dependent !== null)
          .map(({ uid, accountUid, status, dependent, createdAt }) => ({
            uid,
            accountUid,
            status,
            dependent,
            createdAt,
          })),
        (seat) => ({ at: seat.createdAt, id: seat.uid }),
        after,
        limit,
      ),
    consents: async ({ after, limit }) =>
      newestFirst<ConsentRow>(
        seats()
          .filter((seat) => seat.consent !== null)
          .map(({ uid, accountUid, dependent, consent, createdAt }) => ({
            uid,
            accountUid,
            dependent,
            consent,
            createdAt,
          })),
        (seat) => ({ at: seat.consent?.createdAt ?? seat.createdAt, id: seat.uid }),
        after,
        limit,
      ),
    connections: async ({ status, after, limit }) =>
      newestFirst<Connection>(
        seats()
          .map(connectionOf)
          .filter((connection): connection is Connection => connection !== null)
          .filter((connection) => status === null || connection.status === status),
        (connection) => ({ at: connection.startedAt, id: connection.seatUid }),
        after,
        limit,
      ),
    accounts: async ({ after, limit }) =>
      newestFirst<Account>(
        families().map((family) => family.account),
        (account) => ({ at: account.createdAt, id: account.uid }),
        after,
        limit,
      ),
    customers: async ({ after, limit }) =>
      newestFirst<Member>(
        families().flatMap((family) => family.members.filter((member) => member.role === 'owner')),
        (owner) => ({ at: owner.joinedAt, id: `${owner.accountUid}#${owner.userUid}` }),
        after,
        limit,
      ),
    subscriptions: async ({ after, limit }) =>
      newestFirst<{ accountUid: string; subscription: Subscription }>(
        families().flatMap((family) =>
          family.subscription === null
            ? []
            : [{ accountUid: family.account.uid, subscription: family.subscription }],
        ),
        (row) => ({ at: row.subscription.createdAt, id: row.accountUid }),
        after,
        limit,
      ),
    timeline: async (seatUid, { after, limit }) =>
      table.events
        .filter((event) => event.seatUid === seatUid && isTimelineEvent(event.type))
        .filter((event) => after === null || timelinePlaceOf(event) < after)
        .toSorted((a, b) => timelinePlaceOf(b).localeCompare(timelinePlaceOf(a)))
        .slice(0, limit)
        .map((event) => structuredClone(event)),
  };
};
