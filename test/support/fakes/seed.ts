import { emailHashOf } from '../../../shared/app/auth/sign-in';
import type { Caller } from '../../../shared/app/deps';
import {
  activate,
  giveConsent,
  recordEvidence,
  requestConsent,
} from '../../../shared/domain/consent/seat-consent';
import type { Dependent } from '../../../shared/domain/family/dependent';
import type { Member } from '../../../shared/domain/family/member';
import { newSeat, type Seat } from '../../../shared/domain/family/seat';
import { alertUidFor, seatUidFor } from '../../../shared/domain/family/uids';
import type { AlertRecord } from '../../../shared/domain/alerts/alert';
import type { StoredMessage } from '../../../shared/ports/messages';
import { newImport, type HistoryImport } from '../../../shared/domain/history/history-import';
import { newPairing, type Pairing } from '../../../shared/domain/pairing/pairing';
import { isOpenPairing } from '../../../shared/domain/pairing/pairing.transitions';
import { newUser, type User } from '../../../shared/domain/users/user';
import type { FakeWorld } from './deps';

/**
 * Givens written straight into the fake table, in the shapes the stores keep: a user, a family, a
 * seat in a state. A test that needs a state a use case makes (a consent link) runs that use case.
 */

/** The person the dependent fixtures describe: a child with a phone and a valid CPF. */
export const aDependent: Dependent = {
  kind: 'minor',
  name: 'Bia Souza',
  birthDate: '2014-03-02',
  relationship: 'child',
  phone: '+5511987654321',
  document: { type: 'cpf', number: '52998224725' },
};

/** A signed-up user with a profile name. */
export const aUser = ({ table, deps }: FakeWorld, email: string, name: string | null = null): User => {
  const user = { ...newUser({ uid: deps.ids.uid('usr'), email, now: deps.clock.now() }), name };
  table.users.set(user.uid, user);
  table.emailLookups.set(emailHashOf(deps, email), user.uid);
  return structuredClone(user);
};

export interface SeededFamily {
  accountUid: string;
  owner: Caller;
  ownerUser: User;
}

/** A family named Souza whose owner is Ana (`ana@example.com`). */
export const aFamily = (world: FakeWorld, ownerEmail = 'ana@example.com'): SeededFamily => {
  const { table, deps } = world;
  const ownerUser = aUser(world, ownerEmail, 'Ana Souza');
  const accountUid = deps.ids.uid('acc');
  const at = deps.clock.now().toISOString();
  table.families.set(accountUid, {
    account: { uid: accountUid, name: 'Souza', createdAt: at, version: 0 },
    members: [
      {
        accountUid,
        userUid: ownerUser.uid,
        role: 'owner',
        relationship: null,
        email: ownerEmail,
        joinedAt: at,
        version: 0,
        name: ownerUser.name,
      },
    ],
    seats: [],
    subscription: null,
  });
  return { accountUid, owner: { userUid: ownerUser.uid }, ownerUser };
};

/** A guardian (not the owner) of the family. */
export const aGuardian = (world: FakeWorld, accountUid: string, email = 'caio@example.com'): Caller => {
  const user = aUser(world, email, 'Caio Souza');
  const member: Member = {
    accountUid,
    userUid: user.uid,
    role: 'guardian',
    relationship: 'parent',
    email,
    joinedAt: world.deps.clock.now().toISOString(),
    version: 0,
    name: user.name,
  };
  world.table.families.get(accountUid)?.members.push(member);
  return { userUid: user.uid };
};

/** Someone signed up who belongs to no family of the test. */
export const aStranger = (world: FakeWorld, email = 'eve@example.com'): Caller => ({
  userUid: aUser(world, email, 'Eve').uid,
});

const keep = (world: FakeWorld, seat: Seat): Seat => {
  const family = world.table.families.get(seat.accountUid);
  if (family === undefined) throw new Error(`no family ${seat.accountUid}`);
  family.seats = [...family.seats.filter((one) => one.uid !== seat.uid), structuredClone(seat)];
  return structuredClone(seat);
};

/** A pending seat of the family, with its person unless told otherwise. */
export const aPendingSeat = (world: FakeWorld, accountUid: string, fields: Partial<Seat> = {}): Seat => {
  const { deps } = world;
  return keep(world, {
    ...newSeat({
      uid: seatUidFor(accountUid, deps.ids.randomPart(16)),
      seatId: deps.ids.ulid(),
      accountUid,
      price: { amount: deps.settings.prices.seat, currency: 'BRL' },
      now: deps.clock.now(),
    }),
    dependent: aDependent,
    ...fields,
  });
};

/** A pending seat whose person consented (evidence verified): ready to activate. */
export const aConsentedSeat = (world: FakeWorld, accountUid: string): Seat => {
  const { deps } = world;
  const now = deps.clock.now();
  const asked = requestConsent(
    aPendingSeat(world, accountUid),
    { requestId: deps.ids.ulid(), now, requesterFirstName: 'Ana' },
    deps.settings.consent,
  ).seat;
  return keep(world, giveConsent(recordEvidence(asked, now), now));
};

/** An active seat: consented, activated, its data key's wrapped copy in the seat keys' table. */
export const anActiveSeat = (world: FakeWorld, accountUid: string, fields: Partial<Seat> = {}): Seat => {
  const { deps, table } = world;
  const consented = aConsentedSeat(world, accountUid);
  const dataKeyId = deps.ids.ulid();
  table.wrappedKeys.set(consented.seatId, { dataKeyId, wrappedKey: `wrapped:${consented.seatId}:seed` });
  return keep(world, {
    ...activate(consented, deps.clock.now(), { campaignCode: null, dataKeyId }),
    ...fields,
  });
};

/** The seat as the table holds it now. */
export const storedSeat = (world: FakeWorld, seat: Pick<Seat, 'accountUid' | 'uid'>): Seat | undefined =>
  world.table.families.get(seat.accountUid)?.seats.find((one) => one.uid === seat.uid);

/** The types of the events written, in order. */
export const eventTypes = (world: FakeWorld): string[] => world.table.events.map((event) => event.type);

/**
 * An open `grooming` alert on the seat, carried by one sealed message (`text`, sealed with the seat's
 * key as the analysis keeps it): on the seat's open alerts and in the alert store.
 */
export const anOpenAlert = async (
  world: FakeWorld,
  seat: Seat,
  text = 'oi, me manda uma foto sua',
): Promise<AlertRecord> => {
  const { deps, table } = world;
  const at = deps.clock.now().toISOString();
  const message: StoredMessage = {
    seatId: seat.seatId,
    messageId: deps.hasher.digest('message', deps.ids.ulid()),
    chat: deps.hasher.digest('chat', '5511999990000@c.us'),
    fromMe: false,
    sentAt: at,
    sealed: { iv: new Uint8Array(), ciphertext: new Uint8Array() },
  };
  const kept = table.wrappedKeys.get(seat.seatId);
  if (kept !== undefined) {
    const dataKey = await deps.seatKeys.open(seat.seatId, kept.wrappedKey);
    message.sealed = deps.contentSeal.seal(
      dataKey,
      { seatId: seat.seatId, messageId: message.messageId },
      text,
    );
  }
  table.messages.set(`${seat.seatId}#${message.messageId}`, { message, expiresAtSeconds: 0 });
  const alert: AlertRecord = {
    uid: alertUidFor(seat.accountUid, deps.ids.ulid()),
    seatUid: seat.uid,
    category: 'grooming',
    severity: 'high',
    status: 'open',
    findingsCount: 1,
    firstFindingAt: at,
    lastFindingAt: at,
    createdAt: at,
    decidedAt: null,
    decidedBy: null,
    source: 'live',
    carryingMessages: [{ messageId: message.messageId, sentAt: at }],
  };
  table.alerts.set(alert.uid, { accountUid: seat.accountUid, alert: structuredClone(alert) });
  const stored = storedSeat(world, seat);
  if (stored !== undefined) stored.openAlerts = [...stored.openAlerts, structuredClone(alert)];
  return alert;
};

/** The `chat` channel as a seat contracts it, at today's price. */
const chatContracted = ({ deps }: FakeWorld): Seat['channels'] => ({
  chat: {
    price: { amount: deps.settings.prices['channel.chat'], currency: 'BRL' },
    enabledAt: deps.clock.now().toISOString(),
  },
});

/** An active seat with the `chat` channel contracted: a pairing may start on it. */
export const aSeatReadyToPair = (world: FakeWorld, accountUid: string, fields: Partial<Seat> = {}): Seat =>
  anActiveSeat(world, accountUid, { channels: chatContracted(world), ...fields });

/**
 * A pairing (by QR, asked by a guardian) with the given fields, its status first; an open pairing
 * holds a slot of its proxy when that proxy is registered.
 */
export const aPairing = (world: FakeWorld, fields: Partial<Pairing> & Pick<Pairing, 'status'>): Pairing => {
  const { deps, table } = world;
  const pairing = {
    ...newPairing({
      pairingId: deps.ids.ulid(),
      method: 'qr',
      requestedBy: 'guardian',
      proxyLabel: 'sp-1',
      now: deps.clock.now(),
    }),
    ...fields,
  };
  const proxy = table.proxies.get(pairing.proxyLabel);
  if (proxy !== undefined && isOpenPairing(pairing.status)) proxy.bound += 1;
  return pairing;
};

/** A seat ready to pair whose pairing has the given fields (`aPairing`). */
export const aSeatWithPairing = (
  world: FakeWorld,
  accountUid: string,
  fields: Partial<Pairing> & Pick<Pairing, 'status'>,
  seatFields: Partial<Seat> = {},
): Seat => aSeatReadyToPair(world, accountUid, { pairing: aPairing(world, fields), ...seatFields });

/** An active seat whose chat is paired through the proxy `label`, holding one of its slots. */
export const aPairedSeat = (
  world: FakeWorld,
  accountUid: string,
  label: string,
  seatFields: Partial<Seat> = {},
): Seat => {
  const at = world.deps.clock.now().toISOString();
  return aSeatWithPairing(
    world,
    accountUid,
    { status: 'paired', proxyLabel: label, pairedAt: at, lastSeenAt: at },
    seatFields,
  );
};

/** A warm-up (the seat's first import) that finished an hour ago. */
export const aFinishedWarmUp = ({ deps }: FakeWorld): HistoryImport => {
  const hourAgo = new Date(deps.clock.now().getTime() - 3_600_000);
  const at = hourAgo.toISOString();
  return {
    ...newImport({ importId: deps.ids.ulid(), first: true, now: hourAgo }),
    status: 'done',
    step: 'analysis',
    startedAt: at,
    finishedAt: at,
  };
};

/**
 * A paired seat whose warm-up finished before its pairing connected again: a later import has
 * something to read, and is offered rather than started.
 */
export const aWarmedUpSeat = (world: FakeWorld, accountUid: string, label = 'sp-1'): Seat =>
  aPairedSeat(world, accountUid, label, { historyImport: aFinishedWarmUp(world) });

/** A proxy address in the pool with room for `capacity` sessions. */
export const aProxy = (world: FakeWorld, label = 'sp-1', capacity = 2): Promise<void> =>
  world.deps.proxies.register([{ label, address: `http://u:p@203.0.113.7:${capacity}`, capacity }]);
