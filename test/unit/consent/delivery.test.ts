import { describe, expect, it } from 'vitest';
import {
  advanceDelivery,
  deliveryMoves,
  deliveryStatuses,
  deliveryView,
  queuedDelivery,
  type ConsentDelivery,
  type DeliveryStatus,
} from '../../../shared/domain/consent/delivery';
import { classifyWhatsappError, failureReasonOf } from '../../../shared/domain/consent/provider-errors';

const start = new Date('2026-11-24T10:00:00.000Z');
const later = new Date('2026-11-24T10:00:05.000Z');
const at = (status: DeliveryStatus): ConsentDelivery => ({
  ...queuedDelivery('d1', start),
  status,
  ...(status === 'queued' ? {} : { messageId: 'wamid.1' }),
});

describe('a consent link’s delivery', () => {
  it('starts queued, with no provider id and no try claimed', () => {
    expect(queuedDelivery('d1', start)).toEqual({
      deliveryId: 'd1',
      status: 'queued',
      at: start.toISOString(),
      failureReason: null,
      messageId: null,
      attempt: 0,
    });
  });

  // Every (from, reported) pair: only forward moves and a failure before the phone change anything.
  const allowed: Record<DeliveryStatus, readonly DeliveryStatus[]> = {
    queued: ['sent', 'delivered', 'read', 'failed'],
    sent: ['delivered', 'read', 'failed'],
    delivered: ['read'],
    read: [],
    failed: [],
  };
  for (const from of deliveryStatuses) {
    for (const reported of deliveryStatuses.filter((status) => status !== 'queued')) {
      const moves = allowed[from].includes(reported);
      it(`${from} + reported ${reported}: ${moves ? 'moves' : 'changes nothing'}`, () => {
        const next = advanceDelivery(at(from), {
          status: reported as Exclude<DeliveryStatus, 'queued'>,
          at: later,
          ...(reported === 'failed' ? { failureReason: 'not_on_whatsapp' as const } : {}),
        });
        if (!moves) return expect(next).toBeNull();
        expect(next).toMatchObject({ status: reported, at: later.toISOString() });
        expect(next?.failureReason).toBe(reported === 'failed' ? 'not_on_whatsapp' : null);
      });
    }
  }

  it('the table says the same as the rule: nothing moves back, nothing leaves failed or read', () => {
    for (const [to, from] of Object.entries(deliveryMoves)) {
      expect(from).not.toContain(to);
      expect(from).not.toContain('failed');
      expect(from).not.toContain('read');
    }
  });

  it('keeps the provider’s id from the first report that gives one', () => {
    const sent = advanceDelivery(at('queued'), { status: 'sent', at: later, messageId: 'wamid.9' });
    expect(sent?.messageId).toBe('wamid.9');
    expect(
      advanceDelivery(sent ?? at('sent'), { status: 'read', at: later, messageId: 'other' })?.messageId,
    ).toBe('wamid.9');
  });

  it('a doubled report changes nothing the second time', () => {
    const once = advanceDelivery(at('sent'), { status: 'delivered', at: later });
    expect(once).not.toBeNull();
    expect(advanceDelivery(once ?? at('sent'), { status: 'delivered', at: later })).toBeNull();
  });

  it('shows the family its status, instant and reason only', () => {
    expect(deliveryView(null)).toBeNull();
    expect(deliveryView({ ...at('failed'), failureReason: 'limit_reached', attempt: 3 })).toEqual({
      status: 'failed',
      at: start.toISOString(),
      failureReason: 'limit_reached',
    });
  });
});

describe('the provider’s error codes', () => {
  it.each([
    [131026, false, 'not_on_whatsapp'],
    [130429, true, 'limit_reached'],
    [131049, true, 'limit_reached'],
    [131056, true, 'limit_reached'],
    [132000, false, 'template_unavailable'],
    [132001, false, 'template_unavailable'],
    [132015, false, 'template_unavailable'],
    [131000, true, 'provider_error'],
    [1, true, 'provider_error'],
    [2, true, 'provider_error'],
    [131016, true, 'provider_error'],
    [190, false, 'provider_error'],
    [368, false, 'provider_error'],
    [131042, false, 'provider_error'],
  ] as const)('%i: temporary %s, %s', (code, temporary, reason) => {
    expect(classifyWhatsappError(code, 400)).toEqual({ temporary, reason });
    expect(failureReasonOf(code)).toBe(reason);
  });

  it('an unknown code: temporary only with a 5xx or 429; in a webhook, a provider error', () => {
    expect(classifyWhatsappError(4242, 500)).toEqual({ temporary: true, reason: 'provider_error' });
    expect(classifyWhatsappError(null, 429)).toEqual({ temporary: true, reason: 'provider_error' });
    expect(classifyWhatsappError(4242, 400)).toEqual({ temporary: false, reason: 'provider_error' });
    expect(failureReasonOf(null)).toBe('provider_error');
  });
});
