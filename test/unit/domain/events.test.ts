import { describe, expect, it } from 'vitest';
import { newEvent, toClientEvent } from '../../../shared/domain/events/event';

describe('events', () => {
  const event = newEvent(
    { source: 'api', ulid: () => '01JABCDEF', now: new Date('2026-11-22T10:00:00Z') },
    { type: 'seat.created', accountId: 'acc_1', seat: { seatId: '01SEATINTERNAL', uid: 'st_public' } },
  );

  it('carry the event row’s columns: id, type, account, seat, source, payload, occurred_at', () => {
    expect(event).toEqual({
      id: '01JABCDEF',
      type: 'seat.created',
      accountId: 'acc_1',
      seatId: '01SEATINTERNAL',
      seatUid: 'st_public',
      source: 'api',
      payload: {},
      occurredAt: '2026-11-22T10:00:00.000Z',
    });
  });

  it('reach clients with the public seatUid and never the internal seat id', () => {
    const client = toClientEvent(event);
    expect(client).toEqual({
      id: '01JABCDEF',
      seatUid: 'st_public',
      type: 'seat.created',
      payload: {},
      occurredAt: '2026-11-22T10:00:00.000Z',
    });
    expect(JSON.stringify(client)).not.toContain('01SEATINTERNAL');
  });
});
