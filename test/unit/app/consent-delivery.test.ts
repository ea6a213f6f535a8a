import { describe, expect, it } from 'vitest';
import {
  backoffSeconds,
  consentSend,
  deliveryReference,
  parseDeliveryReference,
} from '../../../shared/app/consent/delivery';

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
