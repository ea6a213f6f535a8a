import { describe, expect, it } from 'vitest';
import {
  finalStatuses,
  pairingStatuses,
  pairingTable,
  transitionPairing,
  type PairingStatus,
  type PairingTrigger,
} from '../../../shared/domain/pairing/pairing.transitions';

describe('the pairing transition table', () => {
  it.each<[PairingStatus, PairingTrigger, PairingStatus, string[]]>([
    ['starting', 'challenge_arrived', 'challenge', ['publish_challenge']],
    ['starting', 'number_check_requested', 'passkey', []],
    ['challenge', 'number_check_requested', 'passkey', []],
    ['passkey', 'challenge_arrived', 'challenge', ['publish_challenge']],
    ['challenge', 'code_entered', 'connecting', []],
    ['passkey', 'passkey_matched', 'connecting', []],
    [
      'connecting',
      'number_confirmed',
      'paired',
      ['publish_paired', 'start_trial_if_first', 'refresh_last_seen'],
    ],
    [
      'connecting',
      'other_number_connected',
      'cancelled',
      ['publish_identity_mismatch', 'notify_identity_mismatch', 'logout_session', 'release_proxy'],
    ],
    [
      'passkey',
      'passkey_refused',
      'cancelled',
      ['record_passkey_refused', 'logout_session', 'release_proxy'],
    ],
    ['challenge', 'codes_exhausted', 'cancelled', ['release_proxy']],
    ['challenge', 'challenge_failed', 'disconnected', ['release_proxy']],
    ['paired', 'connection_dropped', 'degraded', ['schedule_retries']],
    ['degraded', 'reconnected', 'paired', ['refresh_last_seen']],
    ['degraded', 'third_retry_failed', 'disconnected', ['notify_disconnected', 'release_proxy']],
  ])('%s --%s--> %s', (from, on, to, effects) => {
    expect(transitionPairing(from, on)).toEqual({ to, effects });
  });

  it.each(['starting', 'challenge', 'passkey', 'connecting', 'paired', 'degraded'] as const)(
    'any open pairing (%s) can be revoked: unlink, stop by the person, backoffice reset',
    (from) => {
      expect(transitionPairing(from, 'revoked')).toEqual({
        to: 'revoked',
        effects: ['logout_session', 'release_proxy'],
      });
    },
  );

  it.each(['starting', 'passkey', 'connecting'] as const)(
    'a session that fails while %s is disconnected too (beyond the drawn challenge row)',
    (from) => {
      expect(transitionPairing(from, 'challenge_failed')).toEqual({
        to: 'disconnected',
        effects: ['release_proxy'],
      });
    },
  );

  it.each(['starting', 'challenge', 'passkey', 'connecting'] as const)(
    'a WebAuthn passkey asked while %s ends the pairing cancelled and gives its proxy slot back',
    (from) => {
      expect(transitionPairing(from, 'passkey_required')).toEqual({
        to: 'cancelled',
        effects: ['release_proxy'],
      });
    },
  );

  it.each(['paired', 'degraded'] as const)(
    'a device the person unlinked (%s) is disconnected at once and guardians must pair again',
    (from) => {
      expect(transitionPairing(from, 'device_unlinked')).toEqual({
        to: 'disconnected',
        effects: ['notify_reconnect_required', 'release_proxy'],
      });
    },
  );

  it.each(['starting', 'challenge', 'passkey', 'connecting', 'paired', 'degraded'] as const)(
    'a pairing (%s) whose proxy burned with no room elsewhere is disconnected and guardians must pair again',
    (from) => {
      expect(transitionPairing(from, 'proxy_burned')).toEqual({
        to: 'disconnected',
        effects: ['notify_reconnect_required', 'logout_session', 'release_proxy'],
      });
    },
  );

  it('refreshes a challenge in place', () => {
    expect(transitionPairing('challenge', 'challenge_arrived')?.to).toBe('challenge');
  });

  it('keeps cancelled, disconnected and revoked final: no trigger leaves them', () => {
    const triggers = [...new Set(pairingTable.map((row) => row.on))];
    for (const status of finalStatuses)
      for (const trigger of triggers) expect(transitionPairing(status, trigger)).toBeNull();
  });

  it('ignores a trigger the table does not list for a status (a late or repeated event changes nothing)', () => {
    expect(transitionPairing('paired', 'code_entered')).toBeNull();
    expect(transitionPairing('starting', 'reconnected')).toBeNull();
    expect(transitionPairing('degraded', 'connection_dropped')).toBeNull();
  });

  it('lets a restart the pairing expects neither drop a paired session nor end the codes shown', () => {
    expect(pairingTable.filter((row) => row.unlessRestartExpected).map((row) => row.on)).toEqual([
      'codes_exhausted',
      'connection_dropped',
    ]);
    expect(transitionPairing('paired', 'connection_dropped', true)).toBeNull();
    expect(transitionPairing('challenge', 'codes_exhausted', true)).toBeNull();
    // Anything else moves as ever.
    expect(transitionPairing('paired', 'connection_dropped')?.to).toBe('degraded');
    expect(transitionPairing('degraded', 'reconnected', true)?.to).toBe('paired');
    expect(transitionPairing('paired', 'device_unlinked', true)?.to).toBe('disconnected');
  });

  it('names every pairing status', () => {
    expect(pairingStatuses).toEqual([
      'starting',
      'challenge',
      'passkey',
      'connecting',
      'paired',
      'degraded',
      'disconnected',
      'cancelled',
      'revoked',
    ]);
  });
});
