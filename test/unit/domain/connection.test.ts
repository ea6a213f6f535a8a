import { describe, expect, it } from 'vitest';
import { newImport } from '../../../shared/domain/history/history-import';
import { connectionOf } from '../../../shared/domain/operators/connection';
import { protectedSeatAt } from '../../support/seat-states';

describe('a seat channel’s connection as the backoffice lists it', () => {
  const now = new Date('2026-11-20T10:00:00.000Z');

  it('is the pairing’s state, with the person masked before it is ever written', () => {
    const seat = protectedSeatAt(now, 'degraded');
    const connection = connectionOf(seat);
    expect(connection).toEqual({
      seatUid: seat.uid,
      accountUid: seat.accountUid,
      person: {
        kind: 'minor',
        name: 'B.',
        phone: '+55 11 9****-**21',
        document: '***.***.***-25',
        birthYear: '2014',
        relationship: 'child',
      },
      channel: 'chat',
      status: 'degraded',
      pairedAt: seat.pairing?.pairedAt,
      lastSeenAt: seat.pairing?.lastSeenAt,
      sessionWorker: seat.pairing?.sessionName,
      proxyLabel: seat.pairing?.proxyLabel,
      sync: null,
      startedAt: seat.pairing?.startedAt,
    });
    const written = JSON.stringify(connection);
    for (const secret of ['Bia', '5511987654321', '52998224725', '2014-03-02']) {
      expect(written).not.toContain(secret);
    }
  });

  it('shows the seat’s latest history import: its status, and its step while it runs', () => {
    const seat = protectedSeatAt(now);
    const historyImport = {
      ...newImport({ importId: 'imp_1', first: true, now }),
      status: 'running' as const,
      step: 'messages' as const,
    };
    expect(connectionOf({ ...seat, historyImport })?.sync).toEqual({ status: 'running', step: 'messages' });
  });

  it('does not exist before the seat ever paired', () => {
    expect(connectionOf({ ...protectedSeatAt(now), pairing: null })).toBeNull();
  });
});
