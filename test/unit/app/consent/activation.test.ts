import { describe, expect, it } from 'vitest';
import { activateSeat } from '../../../../shared/app/consent/activation';
import type { Deps } from '../../../../shared/app/deps';
import { giveConsent, recordEvidence, requestConsent } from '../../../../shared/domain/consent/seat-consent';
import type { DomainEvent } from '../../../../shared/domain/events/event';
import { StaleWrite } from '../../../../shared/domain/errors';
import type { Family } from '../../../../shared/domain/family/account';
import { newSeat, type Seat } from '../../../../shared/domain/family/seat';
import { openSubscription } from '../../../../shared/domain/family/subscription';
import { seatUidFor } from '../../../../shared/domain/family/uids';
import type { SeatChangeExtras } from '../../../../shared/ports/stores';

const now = new Date('2026-11-22T10:00:00Z');
const accountUid = `acc_${'A'.repeat(20)}`;
const consentSettings = { linkTtlSeconds: 3600, resendWaitSeconds: 60 };

/** A pending seat whose person gave their consent: ready to activate. */
const consentedSeat = (): Seat => {
  const asked = requestConsent(
    {
      ...newSeat({
        uid: seatUidFor(accountUid, 'B'.repeat(16)),
        seatId: 'SEAT1',
        accountUid,
        price: { amount: 2990, currency: 'BRL' },
        now,
      }),
      dependent: {
        kind: 'minor',
        name: 'Bia Souza',
        birthDate: '2014-03-02',
        relationship: 'child',
        phone: '+5511987654321',
        document: { type: 'cpf', number: '52998224725' },
      },
    },
    { requestId: 'R1', now, requesterFirstName: 'Ana' },
    consentSettings,
  ).seat;
  return giveConsent(recordEvidence(asked, now), now);
};

/**
 * A family whose seat write loses the race `losses` times: each time another activation of the
 * family commits first and opens the account's subscription.
 */
const racingWorld = (losses: number) => {
  const family: Family = {
    account: { uid: accountUid, name: 'Souza', createdAt: '', version: 0 },
    members: [
      {
        accountUid,
        userUid: 'usr_owner',
        role: 'owner',
        relationship: null,
        email: 'ana@example.com',
        joinedAt: '',
        version: 0,
      },
    ],
    seats: [consentedSeat()],
    subscription: null,
  };
  let lost = 0;
  const writes: { seat: Seat; events: DomainEvent[]; also: SeatChangeExtras }[] = [];
  const keysMade: string[] = [];
  let ulid = 0;
  const deps = {
    clock: { now: () => now },
    ids: { ulid: () => `01ULID${(ulid += 1)}`, uid: () => 'u', randomPart: () => 'r' },
    hasher: { digest: (purpose: string, value: string) => `${purpose}:${value}` },
    settings: {
      consent: { ...consentSettings, pageBaseUrl: 'http://web' },
      campaigns: {},
      trialDays: 7,
    },
    users: { get: async () => null },
    families: {
      load: async () => structuredClone(family),
      saveSeat: async (seat: Seat, events: DomainEvent[], also: SeatChangeExtras = {}) => {
        if (lost < losses) {
          lost += 1;
          family.subscription ??= openSubscription({ interval: 'monthly', campaignCode: null, now });
          throw new StaleWrite(new Error('ConditionalCheckFailed'));
        }
        writes.push({ seat, events, also });
        return { ...seat, version: seat.version + 1 };
      },
    },
    seatKeys: {
      create: async (seatId: string) => {
        keysMade.push(seatId);
        return `encrypted-key-${keysMade.length}`;
      },
    },
  } as unknown as Parameters<typeof activateSeat>[0] & Pick<Deps, 'seatKeys'>;
  const activate = () =>
    activateSeat(deps, { userUid: 'usr_owner' }, family.seats[0]?.uid ?? '', { guardianAttestation: true });
  return { activate, writes, keysMade };
};

describe('activating a seat while other seats of the family are activated', () => {
  it('makes one data key however many times the write loses the race', async () => {
    const { activate, keysMade, writes } = racingWorld(3);
    await expect(activate()).resolves.toMatchObject({ status: 'active' });
    expect(keysMade).toEqual(['SEAT1']);
    expect(writes).toHaveLength(1);
    // The seat names the key; its wrapped copy is written with it, apart from the seat.
    expect(writes[0]?.also.dataKey).toEqual({ kind: 'made', wrappedKey: 'encrypted-key-1' });
    expect(writes[0]?.seat.dataKeyId).toEqual(expect.any(String));
  });

  it('joins the subscription the winner opened instead of opening a second one', async () => {
    const { activate, writes } = racingWorld(1);
    await activate();
    expect(writes[0]?.also.subscription).toBeUndefined();
    expect(writes[0]?.events.map((event) => event.type)).not.toContain('subscription.opened');
  });

  it('opens the subscription itself when it is the first to write', async () => {
    const { activate, writes, keysMade } = racingWorld(0);
    await activate();
    expect(writes[0]?.also.subscription).toMatchObject({ mode: 'new', value: { status: 'trialing' } });
    expect(writes[0]?.events.map((event) => event.type)).toContain('subscription.opened');
    expect(keysMade).toHaveLength(1);
  });
});
