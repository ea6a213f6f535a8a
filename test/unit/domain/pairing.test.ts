import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../shared/domain/errors';
import {
  beginAttempt,
  eventChallenge,
  expectRestart,
  guardianPairingView,
  isExpectedRestartReport,
  isStaleReport,
  movePairing,
  newPairing,
  numberTrigger,
  passkeyAnswer,
  personPairingView,
  readProviderStatus,
  reconnectStep,
  renewalMethod,
  seatUidOfLegacySession,
  sessionNameFor,
  type Pairing,
  type StoredChallenge,
} from '../../../shared/domain/pairing/pairing';
import type { PairingStatus } from '../../../shared/domain/pairing/pairing.transitions';

const now = new Date('2026-11-22T10:00:00.000Z');
const seatUid = 'st_AAAAAAAAAAAAAAAAAAAABBBBBBBBBBBBBBBB';
const pairing = (status: PairingStatus, fields: Partial<Pairing> = {}): Pairing => ({
  ...newPairing({
    pairingId: '01KAB0000000000000000000PP',
    method: 'qr',
    requestedBy: 'guardian',
    proxyLabel: 'a',
    now,
  }),
  status,
  ...fields,
});
const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof ServiceError ? error.code : 'other';
  }
  return undefined;
};
const code: StoredChallenge = {
  kind: 'code',
  value: 'ABCD1234',
  confirmation: null,
  expiresAt: now.toISOString(),
};
const qr: StoredChallenge = { kind: 'qr', value: '2@qr', confirmation: null, expiresAt: now.toISOString() };

describe('a pairing', () => {
  it('names each session as the provider accepts: at most 54 characters of [A-Za-z0-9_-], one per pairing', () => {
    const ids = ['01KAB0000000000000000000PP', '01KAB0000000000000000000PQ', '7ZZZZZZZZZZZZZZZZZZZZZZZZZ'];
    const names = ids.map(sessionNameFor);
    for (const name of names) expect(name).toMatch(/^[A-Za-z0-9_-]{1,54}$/);
    expect(new Set(names).size).toBe(ids.length);
    expect(pairing('starting').sessionName).toBe(sessionNameFor('01KAB0000000000000000000PP'));
  });

  it('still finds the seat of a session named in the earlier form (seat uid, dot, pairing id)', () => {
    expect(seatUidOfLegacySession(`${seatUid}.01kab0000000000000000000pp`)).toBe(seatUid);
    expect(seatUidOfLegacySession(sessionNameFor('01KAB0000000000000000000PP'))).toBeNull();
    expect(seatUidOfLegacySession('default')).toBeNull();
    expect(seatUidOfLegacySession(`${seatUid}.`)).toBeNull();
  });

  it('reads each provider status as the table’s trigger for where the pairing stands', () => {
    expect(readProviderStatus(pairing('starting'), 'SCAN_QR_CODE', 3)).toEqual({ kind: 'challenge' });
    expect(readProviderStatus(pairing('challenge'), 'SCAN_QR_CODE', 3)).toEqual({ kind: 'challenge' });
    expect(readProviderStatus(pairing('paired'), 'SCAN_QR_CODE', 3)).toEqual({
      kind: 'move',
      on: 'device_unlinked',
    });
    for (const waiting of ['starting', 'challenge'] as const)
      expect(readProviderStatus(pairing(waiting), 'PASSKEY_CONFIRMATION_REQUIRED', 3)).toEqual({
        kind: 'confirm',
      });
    expect(readProviderStatus(pairing('challenge'), 'WORKING', 3)).toEqual({
      kind: 'connected',
      before: ['code_entered'],
    });
    expect(readProviderStatus(pairing('passkey'), 'WORKING', 3)).toEqual({
      kind: 'connected',
      before: ['passkey_matched'],
    });
    expect(readProviderStatus(pairing('degraded'), 'WORKING', 3)).toEqual({
      kind: 'move',
      on: 'reconnected',
    });
    expect(readProviderStatus(pairing('paired'), 'STOPPED', 3)).toEqual({
      kind: 'move',
      on: 'connection_dropped',
    });
    expect(readProviderStatus(pairing('paired'), 'FAILED', 3)).toEqual({
      kind: 'move',
      on: 'connection_dropped',
    });
    expect(readProviderStatus(pairing('challenge'), 'STOPPED', 3)).toEqual({
      kind: 'move',
      on: 'codes_exhausted',
    });
    expect(readProviderStatus(pairing('challenge'), 'FAILED', 3)).toEqual({
      kind: 'move',
      on: 'challenge_failed',
    });
  });

  it('ends a pairing still linking when the provider asks for a WebAuthn passkey; a linked one ignores it', () => {
    for (const linking of ['starting', 'challenge', 'passkey', 'connecting'] as const)
      expect(readProviderStatus(pairing(linking), 'PASSKEY_REQUIRED', 3)).toEqual({
        kind: 'move',
        on: 'passkey_required',
      });
    for (const other of ['paired', 'degraded', 'cancelled', 'disconnected', 'revoked'] as const)
      expect(readProviderStatus(pairing(other), 'PASSKEY_REQUIRED', 3)).toEqual({ kind: 'ignore' });
    for (const other of ['passkey', 'connecting', 'paired', 'degraded'] as const)
      expect(readProviderStatus(pairing(other), 'PASSKEY_CONFIRMATION_REQUIRED', 3)).toEqual({
        kind: 'ignore',
      });
    const ended = movePairing(pairing('challenge', { challenge: qr }), 'passkey_required', now);
    expect(ended?.pairing).toMatchObject({
      status: 'cancelled',
      failureReason: 'passkey_required',
      challenge: null,
    });
  });

  it('reads STARTING after WORKING as a drop; once degraded, a STARTING (restart, same drop) changes nothing', () => {
    expect(readProviderStatus(pairing('paired'), 'STARTING', 3)).toEqual({
      kind: 'move',
      on: 'connection_dropped',
    });
    expect(readProviderStatus(pairing('degraded'), 'STARTING', 3)).toEqual({ kind: 'ignore' });
    expect(readProviderStatus(pairing('degraded'), 'STOPPED', 3)).toEqual({ kind: 'ignore' });
    // The provider's own restart (STOPPED, STARTING, WORKING): one drop, one reconnection.
    const readings = (['STOPPED', 'STARTING', 'WORKING'] as const).reduce(
      (state, status) => {
        const reading = readProviderStatus(state.current, status, 3);
        if (reading.kind !== 'move') return state;
        const move = movePairing(state.current, reading.on, now, { reconnectDelaysSeconds: [30, 120, 600] });
        return move === null ? state : { current: move.pairing, triggers: [...state.triggers, reading.on] };
      },
      { current: pairing('paired'), triggers: [] as string[] },
    );
    expect(readings.triggers).toEqual(['connection_dropped', 'reconnected']);
    expect(readings.current).toMatchObject({ status: 'paired', reconnectAttempts: 0, nextRetryAt: null });
  });

  it('waits out failed restarts until the last attempt, which gives up', () => {
    expect(readProviderStatus(pairing('degraded', { reconnectAttempts: 2 }), 'FAILED', 3)).toEqual({
      kind: 'ignore',
    });
    expect(readProviderStatus(pairing('degraded', { reconnectAttempts: 3 }), 'FAILED', 3)).toEqual({
      kind: 'move',
      on: 'third_retry_failed',
    });
  });

  it('ignores what changes nothing: a repeated WORKING, a start, anything after the end', () => {
    expect(readProviderStatus(pairing('paired'), 'WORKING', 3)).toEqual({ kind: 'ignore' });
    for (const at of ['starting', 'challenge', 'passkey', 'connecting'] as const)
      expect(readProviderStatus(pairing(at), 'STARTING', 3)).toEqual({ kind: 'ignore' });
    for (const end of ['cancelled', 'disconnected', 'revoked'] as const)
      for (const status of ['SCAN_QR_CODE', 'WORKING', 'FAILED', 'STOPPED'] as const)
        expect(readProviderStatus(pairing(end), status, 3)).toEqual({ kind: 'ignore' });
  });

  it('confirms the number by the first id that is a phone; an @lid alone is never the person', () => {
    expect(numberTrigger('+5511987654321', ['123@lid', '5511987654321:14@s.whatsapp.net'])).toBe(
      'number_confirmed',
    );
    expect(numberTrigger('+5511987654321', ['5521999990000@c.us'])).toBe('other_number_connected');
    expect(numberTrigger('+5511987654321', ['123@lid'])).toBe('other_number_connected');
    expect(numberTrigger('+5511987654321', [])).toBe('other_number_connected');
  });

  it('moves by the table and records what the move means', () => {
    const shown = movePairing(pairing('starting'), 'challenge_arrived', now, { challenge: qr });
    expect(shown?.pairing).toMatchObject({ status: 'challenge', challenge: qr });
    const typed = movePairing(shown!.pairing, 'code_entered', now);
    expect(typed?.pairing.challenge).toBeNull();
    const paired = movePairing(typed!.pairing, 'number_confirmed', now);
    expect(paired?.pairing).toMatchObject({
      status: 'paired',
      pairedAt: now.toISOString(),
      lastSeenAt: now.toISOString(),
    });
    const dropped = movePairing(paired!.pairing, 'connection_dropped', now, {
      reconnectDelaysSeconds: [30, 120, 600],
    });
    expect(dropped?.pairing).toMatchObject({
      status: 'degraded',
      droppedAt: now.toISOString(),
      nextRetryAt: '2026-11-22T10:00:30.000Z',
    });
    expect(movePairing(pairing('connecting'), 'other_number_connected', now)?.pairing.failureReason).toBe(
      'identity_mismatch',
    );
    expect(
      movePairing(pairing('paired'), 'revoked', now, { revokedBecause: 'stopped_by_dependent' })?.pairing,
    ).toMatchObject({
      status: 'revoked',
      failureReason: 'stopped_by_dependent',
    });
    expect(movePairing(pairing('paired'), 'code_entered', now)).toBeNull();
  });

  it('runs the attempts 0.5, 2.5 and 12.5 minutes after the drop, each scheduling the next', () => {
    const dropped = pairing('degraded', { droppedAt: now.toISOString() });
    const fired = { seatUid, pairingId: dropped.pairingId, attempt: 1 };
    const first = beginAttempt(dropped, fired, [30, 120, 600]);
    expect(first).toEqual({
      kind: 'attempt',
      pairing: expect.objectContaining({ reconnectAttempts: 1, nextRetryAt: '2026-11-22T10:02:30.000Z' }),
      last: false,
      next: { attempt: { ...fired, attempt: 2 }, at: new Date('2026-11-22T10:02:30.000Z') },
    });
    // Late, twice, or after the pairing moved on: nothing.
    expect(beginAttempt({ ...dropped, reconnectAttempts: 1 }, fired, [30, 120, 600])).toBeNull();
    expect(beginAttempt({ ...dropped, status: 'paired' }, fired, [30, 120, 600])).toBeNull();
  });

  it('schedules the verdict one first gap after the last attempt; no retry is due after the last', () => {
    const dropped = pairing('degraded', { droppedAt: now.toISOString(), reconnectAttempts: 2 });
    const fired = { seatUid, pairingId: dropped.pairingId, attempt: 3 };
    expect(beginAttempt(dropped, fired, [30, 120, 600])).toEqual({
      kind: 'attempt',
      pairing: expect.objectContaining({ reconnectAttempts: 3, nextRetryAt: null }),
      last: true,
      next: { attempt: { ...fired, attempt: 4 }, at: new Date('2026-11-22T10:13:00.000Z') },
    });
  });

  it('gives the verdict when the schedule after the last attempt fires, once', () => {
    const waiting = pairing('degraded', { droppedAt: now.toISOString(), reconnectAttempts: 3 });
    const verdict = { seatUid, pairingId: waiting.pairingId, attempt: 4 };
    expect(beginAttempt(waiting, verdict, [30, 120, 600])).toEqual({ kind: 'verdict' });
    expect(beginAttempt({ ...waiting, status: 'disconnected' }, verdict, [30, 120, 600])).toBeNull();
    expect(beginAttempt({ ...waiting, status: 'paired' }, verdict, [30, 120, 600])).toBeNull();
  });

  it('follows the provider when a reconnect finds the session back: reconnected as by its WORKING event, no restart', () => {
    const waiting = pairing('degraded', { droppedAt: now.toISOString(), reconnectAttempts: 0 });
    const fired = { seatUid, pairingId: waiting.pairingId, attempt: 1 };
    const attempt = beginAttempt(waiting, fired, [30, 120, 600])!;
    const back = readProviderStatus(waiting, 'WORKING', 3);
    expect(back).toEqual({ kind: 'move', on: 'reconnected' });
    expect(reconnectStep(attempt, back)).toBe('follow_status');
    // A session still down (or a status the provider would not give) is restarted.
    for (const down of ['STARTING', 'STOPPED', 'FAILED'] as const)
      expect(reconnectStep(attempt, readProviderStatus(waiting, down, 3))).toBe('restart');
    expect(reconnectStep(attempt, { kind: 'ignore' })).toBe('restart');
  });

  it('ends every drop at the verdict: paired when the session is back, else disconnected', () => {
    const waiting = pairing('degraded', { droppedAt: now.toISOString(), reconnectAttempts: 3 });
    const verdict = beginAttempt(
      waiting,
      { seatUid, pairingId: waiting.pairingId, attempt: 4 },
      [30, 120, 600],
    )!;
    expect(reconnectStep(verdict, readProviderStatus(waiting, 'WORKING', 3))).toBe('follow_status');
    expect(readProviderStatus(waiting, 'FAILED', 3)).toEqual({ kind: 'move', on: 'third_retry_failed' });
    for (const down of ['STARTING', 'STOPPED'] as const)
      expect(reconnectStep(verdict, readProviderStatus(waiting, down, 3))).toBe('give_up');
    expect(reconnectStep(verdict, { kind: 'ignore' })).toBe('give_up');
  });

  it('takes a number-match answer only while the provider asks for one it can be given', () => {
    expect(codeOf(() => passkeyAnswer(null, true))).toBe('PAIRING_NOT_AWAITING_CONFIRMATION');
    expect(codeOf(() => passkeyAnswer(pairing('challenge'), true))).toBe('PAIRING_NOT_AWAITING_CONFIRMATION');
    const webauthn = pairing('passkey', {
      challenge: { kind: 'passkey_confirm', value: null, confirmation: 'webauthn', expiresAt: null },
    });
    expect(codeOf(() => passkeyAnswer(webauthn, true))).toBe('CONFIRMATION_NOT_SUPPORTED');
    const number = pairing('passkey', {
      challenge: { kind: 'passkey_confirm', value: '1234', confirmation: 'number', expiresAt: null },
    });
    expect(passkeyAnswer(number, true)).toBe('passkey_matched');
    expect(passkeyAnswer(number, false)).toBe('passkey_refused');
  });

  it('renews a challenge only while nothing was typed or scanned', () => {
    expect(codeOf(() => renewalMethod(null, 'qr'))).toBe('PAIRING_NOT_OPEN');
    expect(codeOf(() => renewalMethod(pairing('cancelled'), 'qr'))).toBe('PAIRING_NOT_OPEN');
    expect(codeOf(() => renewalMethod(pairing('connecting'), 'qr'))).toBe('PAIRING_NOT_SWITCHABLE');
    expect(renewalMethod(pairing('challenge'), 'code')).toBe('code');
    expect(renewalMethod(pairing('starting'), undefined)).toBe('qr');
  });

  it('shows guardians the QR but never the code; the person sees their code; events carry neither code', () => {
    const withCode = pairing('challenge', { challenge: code });
    expect(guardianPairingView(withCode).challenge).toEqual({
      kind: 'code_on_dependent_phone',
      expiresAt: code.expiresAt,
    });
    expect(personPairingView(withCode).challenge).toEqual({
      kind: 'code',
      code: 'ABCD1234',
      expiresAt: code.expiresAt,
    });
    const compare: StoredChallenge = {
      kind: 'passkey_confirm',
      value: '1234',
      confirmation: 'number',
      expiresAt: null,
    };
    expect(guardianPairingView(pairing('passkey', { challenge: compare })).challenge).toEqual({
      kind: 'passkey_confirm',
      expiresAt: null,
    });
    expect(personPairingView(pairing('passkey', { challenge: compare })).challenge).toEqual({
      kind: 'passkey_confirm',
      code: '1234',
      expiresAt: null,
    });
    expect(JSON.stringify(eventChallenge(code))).not.toContain('ABCD1234');
    expect(eventChallenge(qr)).toEqual({ kind: 'qr', data: '2@qr', expiresAt: qr.expiresAt });
    expect(
      eventChallenge({ kind: 'passkey_confirm', value: '1234', confirmation: 'number', expiresAt: null }),
    ).toEqual({
      kind: 'passkey_confirm',
      expiresAt: null,
    });
  });
});

describe('a restart the service asked for (a proxy change)', () => {
  const asked = expectRestart(pairing('paired'), now);
  const at = (seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();

  it('makes the STOPPED and STARTING reported within 30 s of the ask that restart', () => {
    expect(asked.restartExpectedAt).toBe(now.toISOString());
    for (const status of ['STOPPED', 'STARTING'] as const) {
      expect(isExpectedRestartReport(asked, status, at(2))).toBe(true);
      expect(isExpectedRestartReport(asked, status, at(30))).toBe(true);
      // The provider's clock may run a little behind ours.
      expect(isExpectedRestartReport(asked, status, at(-1))).toBe(true);
    }
  });

  it('reads a FAILED, a report outside the window, or any report without an ask, as ever', () => {
    expect(isExpectedRestartReport(asked, 'FAILED', at(2))).toBe(false);
    expect(isExpectedRestartReport(asked, 'STARTING', at(31))).toBe(false);
    expect(isExpectedRestartReport(pairing('paired'), 'STOPPED', at(2))).toBe(false);
    const dropped = movePairing(asked, 'connection_dropped', now, { restartExpected: true });
    expect(dropped).toBeNull();
    expect(movePairing(asked, 'connection_dropped', now)?.pairing.status).toBe('degraded');
  });
});

describe('a status report made before the one that last moved the pairing', () => {
  const moved = pairing('paired', { statusReportedAt: '2026-11-22T10:00:04.000Z' });

  it('is stale when made earlier, and read when made at the same instant or later', () => {
    expect(isStaleReport(moved, '2026-11-22T10:00:01.500Z')).toBe(true);
    expect(isStaleReport(moved, '2026-11-22T10:00:04.000Z')).toBe(false);
    expect(isStaleReport(moved, '2026-11-22T10:00:05.000Z')).toBe(false);
  });

  it('is read when either instant is unknown (an older provider, a pairing no report moved yet)', () => {
    expect(isStaleReport(moved, null)).toBe(false);
    expect(isStaleReport(pairing('challenge'), '2026-11-22T10:00:01.500Z')).toBe(false);
  });
});
