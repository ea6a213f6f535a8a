import { dynamoFamilyStore } from '../../shared/adapters/dynamo/family.store';
import type { TableAccess } from '../../shared/adapters/dynamo/client';
import { newSeat, type Seat } from '../../shared/domain/family/seat';
import { seatUidFor } from '../../shared/domain/family/uids';
import { newPairing, type Pairing } from '../../shared/domain/pairing/pairing';
import type { SeatKeys } from '../../shared/ports/consent';
import type { Ids } from '../../shared/ports/ids';
import { newAccountWithOwner } from './family';
import { validDependent } from './fixtures';
import { seatKeysIn } from './seat-keys';
import { seatKeysTableOf } from './table';

/**
 * A family with one active seat whose pairing has the given fields (its status first), for the
 * phone +55 11 98765-4321: a `WORKING` naming `5511987654321@c.us` pairs it.
 */
export const seatWithPairing = async (
  table: TableAccess,
  ids: Ids,
  now: Date,
  fields: Partial<Pairing> & Pick<Pairing, 'status'>,
): Promise<Seat> => {
  const families = dynamoFamilyStore(table);
  const { account, owner } = newAccountWithOwner(ids, now);
  await families.createAccount(account, owner, []);
  const uid = seatUidFor(account.uid, ids.randomPart(16));
  const pairing = newPairing({
    pairingId: ids.ulid(),
    method: 'qr',
    requestedBy: 'guardian',
    proxyLabel: 'p',
    now,
  });
  const seat: Seat = {
    ...newSeat({
      uid,
      seatId: ids.ulid(),
      accountUid: account.uid,
      price: { amount: 1, currency: 'BRL' },
      now,
    }),
    status: 'active',
    dependent: {
      ...validDependent,
      phone: '+5511987654321',
      document: { type: 'cpf', number: '52998224725' },
    },
    pairing: { ...pairing, ...fields },
  };
  await families.addSeat(seat, []);
  return seat;
};

/** A family whose seat's pairing waits in `challenge` (consented, active, chat enabled). */
export const challengedSeat = (table: TableAccess, ids: Ids, now: Date): Promise<Seat> =>
  seatWithPairing(table, ids, now, { status: 'challenge' });

/**
 * A protected seat: active, paired, the person's consent given and its data key made with
 * `seatKeys` (whose messages the session-events worker reads).
 */
export const protectedSeat = async (
  table: TableAccess,
  ids: Ids,
  now: Date,
  seatKeys: SeatKeys,
  fields: Partial<Seat> = {},
): Promise<Seat> => {
  const seat = await seatWithPairing(table, ids, now, {
    status: 'paired',
    pairedAt: now.toISOString(),
  });
  const at = now.toISOString();
  return seatKeysIn(table, seatKeysTableOf(table), seatKeys).keyed(seat, ids, {
    consent: {
      requestId: ids.ulid(),
      status: 'given',
      requesterFirstName: null,
      createdAt: at,
      expiresAt: new Date(now.getTime() + 86_400_000).toISOString(),
      evidenceVerifiedAt: at,
      decidedAt: at,
      revokedBy: null,
      delivery: null,
    },
    activation: { activatedAt: at, guardianAttestation: true, campaignCode: null },
    ...fields,
  });
};
