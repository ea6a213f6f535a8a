import { describe, expect, it } from 'vitest';
import {
  backoffSeconds,
  consentSend,
  deliveryReference,
  parseDeliveryReference,
  sendConsentLink,
  type ConsentSend,
} from '../../../../shared/app/consent/delivery';
import { recordStatusReport } from '../../../../shared/app/consent/delivery-reports';
import { fakeWorld, type FakeWorld } from '../../../support/fakes/deps';
import { aConsentLink } from '../../../support/fakes/consent-link';
import { storedSeat } from '../../../support/fakes/seed';

/** A consent link whose send the owner queued: the queued message, as the worker receives it. */
const queuedSend = async (world: FakeWorld) => {
  const link = await aConsentLink(world, { send: 'now' });
  const [send] = world.deps.consentSends.bodies() as ConsentSend[];
  if (send === undefined) throw new Error('nothing queued');
  return { ...link, send };
};

describe('sendConsentLink', () => {
  it("sends the link to the person's phone and records the delivery as sent", async () => {
    const world = fakeWorld();
    const { send, seat } = await queuedSend(world);
    await expect(sendConsentLink(world.deps, send)).resolves.toBe('sent');
    expect(world.deps.messenger.sent).toMatchObject([{ to: '+5511987654321', personFirstName: 'Bia' }]);
    expect(storedSeat(world, seat)?.consent?.delivery).toMatchObject({ status: 'sent' });
  });

  it('never sends a try twice when its message comes back', async () => {
    const world = fakeWorld();
    const { send } = await queuedSend(world);
    world.deps.messenger.next.push({ outcome: 'unknown' });
    await expect(sendConsentLink(world.deps, send)).resolves.toBe('outcome_unknown');
    await expect(sendConsentLink(world.deps, send)).resolves.toBe('outcome_unknown');
    expect(world.deps.messenger.sent).toHaveLength(1);
  });

  it('tries a temporary refusal again later, and fails the delivery on a permanent one', async () => {
    const world = fakeWorld();
    const { send, seat } = await queuedSend(world);
    world.deps.messenger.next.push(
      { outcome: 'refused', temporary: true, reason: 'provider_error', code: 131000 },
      { outcome: 'refused', temporary: false, reason: 'provider_error', code: 131026 },
    );
    await expect(sendConsentLink(world.deps, send)).resolves.toBe('retrying');
    const retry = world.deps.consentSends.sent.at(-1);
    expect(retry?.delaySeconds).toBeGreaterThan(0);
    await expect(sendConsentLink(world.deps, JSON.parse(retry?.body ?? '{}') as ConsentSend)).resolves.toBe(
      'failed',
    );
    expect(storedSeat(world, seat)?.consent?.delivery).toMatchObject({ status: 'failed' });
  });
});

describe('recordStatusReport', () => {
  it('moves the delivery its reference names, and ignores a status it does not track', async () => {
    const world = fakeWorld();
    const { send, seat } = await queuedSend(world);
    await sendConsentLink(world.deps, send);
    const reference = world.deps.messenger.sent[0]?.reference ?? null;
    const report = { messageId: 'wamid.1', at: null, reference, errorCodes: [] };
    await expect(recordStatusReport(world.deps, { ...report, status: 'played' })).resolves.toBe('ignored');
    await recordStatusReport(world.deps, { ...report, status: 'delivered' });
    expect(storedSeat(world, seat)?.consent?.delivery).toMatchObject({ status: 'delivered' });
  });

  it("tells the family's guardians when the provider reports the send failed", async () => {
    const world = fakeWorld();
    const { send, owner } = await queuedSend(world);
    await sendConsentLink(world.deps, send);
    const reference = world.deps.messenger.sent[0]?.reference ?? null;
    await recordStatusReport(world.deps, {
      messageId: 'wamid.1',
      status: 'failed',
      at: null,
      reference,
      errorCodes: [131026],
    });
    expect(world.table.inbox.get(owner.userUid)?.length).toBeGreaterThan(0);
  });
});

describe('the consent link’s sends', () => {
  it('wait before each next try, doubling from the backoff, within SQS’s 15 minutes', () => {
    const settings = { backoffSeconds: 30 };
    expect([2, 3, 4, 5, 6].map((attempt) => backoffSeconds(settings, attempt))).toEqual([
      30, 60, 120, 240, 480,
    ]);
    expect(backoffSeconds(settings, 12)).toBe(900);
    expect(backoffSeconds({ backoffSeconds: 0 }, 3)).toBe(0);
  });

  it('carry a reference Meta echoes, naming the seat and the delivery (public ids only)', () => {
    const reference = deliveryReference('st_abc-DEF_123', '01KYD4PT28ABCDEFGHJKMNPQRS');
    expect(reference).toBe('consent:st_abc-DEF_123:01KYD4PT28ABCDEFGHJKMNPQRS');
    expect(parseDeliveryReference(reference)).toEqual({
      seatUid: 'st_abc-DEF_123',
      deliveryId: '01KYD4PT28ABCDEFGHJKMNPQRS',
    });
    for (const other of ['consent_req:cr_01kyd4pt28', 'consent:only-one', 'consent:a:b:c', ''])
      expect(parseDeliveryReference(other)).toBeNull();
  });

  it('are queued as { seatUid, deliveryId, attempt } with an attempt from 1', () => {
    expect(consentSend.safeParse({ seatUid: 's', deliveryId: 'd', attempt: 1 }).success).toBe(true);
    expect(consentSend.safeParse({ seatUid: 's', deliveryId: 'd', attempt: 0 }).success).toBe(false);
    expect(consentSend.safeParse({ seatUid: '', deliveryId: 'd', attempt: 1 }).success).toBe(false);
  });
});
