/**
 * The pairing state machine, as data: each row says from which statuses a
 * trigger moves a pairing, to which status, and what else must happen. One function reads it.
 * `cancelled`, `disconnected` and `revoked` are final: no row leaves them.
 */
export const pairingStatuses = [
  'starting',
  'challenge',
  'passkey',
  'connecting',
  'paired',
  'degraded',
  'disconnected',
  'cancelled',
  'revoked',
] as const;
export type PairingStatus = (typeof pairingStatuses)[number];

export const finalStatuses: readonly PairingStatus[] = ['cancelled', 'disconnected', 'revoked'];
export const openStatuses: readonly PairingStatus[] = pairingStatuses.filter(
  (status) => !finalStatuses.includes(status),
);

export type PairingTrigger =
  | 'challenge_arrived'
  | 'number_check_requested'
  | 'code_entered'
  | 'passkey_matched'
  | 'passkey_refused'
  | 'passkey_required'
  | 'number_confirmed'
  | 'other_number_connected'
  | 'codes_exhausted'
  | 'challenge_failed'
  | 'connection_dropped'
  | 'reconnected'
  | 'third_retry_failed'
  | 'device_unlinked'
  | 'proxy_burned'
  | 'revoked';

/** What a move brings with it, beyond `pairing.status` (which every move publishes). */
export type PairingEffect =
  | 'publish_challenge'
  | 'publish_paired'
  | 'start_trial_if_first'
  | 'publish_identity_mismatch'
  | 'notify_identity_mismatch'
  | 'logout_session'
  | 'record_passkey_refused'
  | 'schedule_retries'
  | 'refresh_last_seen'
  | 'notify_disconnected'
  | 'notify_reconnect_required'
  | 'release_proxy';

export interface PairingRow {
  from: readonly PairingStatus[];
  on: PairingTrigger;
  to: PairingStatus;
  effects: readonly PairingEffect[];
  /**
   * The row is fired by a report a restart also makes (`STOPPED`, `STARTING`): while the pairing
   * expects a restart (the service asked for one: a proxy change), such a report is that restart,
   * and the row does not fire.
   */
  unlessRestartExpected?: true;
}

const ending = ['release_proxy'] as const;

export const pairingTable: readonly PairingRow[] = [
  { from: ['starting'], on: 'challenge_arrived', to: 'challenge', effects: ['publish_challenge'] },
  // The provider may ask for the number comparison before it ever shows a QR or takes a code.
  { from: ['starting', 'challenge'], on: 'number_check_requested', to: 'passkey', effects: [] },
  { from: ['passkey'], on: 'challenge_arrived', to: 'challenge', effects: ['publish_challenge'] },
  // Workers refresh challenges on their own: a new QR or code while one is shown replaces it.
  { from: ['challenge'], on: 'challenge_arrived', to: 'challenge', effects: ['publish_challenge'] },
  { from: ['challenge'], on: 'code_entered', to: 'connecting', effects: [] },
  { from: ['passkey'], on: 'passkey_matched', to: 'connecting', effects: [] },
  {
    from: ['connecting'],
    on: 'number_confirmed',
    to: 'paired',
    effects: ['publish_paired', 'start_trial_if_first', 'refresh_last_seen'],
  },
  {
    from: ['connecting'],
    on: 'other_number_connected',
    to: 'cancelled',
    effects: ['publish_identity_mismatch', 'notify_identity_mismatch', 'logout_session', ...ending],
  },
  {
    from: ['passkey'],
    on: 'passkey_refused',
    to: 'cancelled',
    effects: ['record_passkey_refused', 'logout_session', ...ending],
  },
  // WhatsApp asked for a WebAuthn passkey only its own web origin can sign: nothing here can answer,
  // so the pairing ends (its session removed) and a new one may be tried.
  {
    from: ['starting', 'challenge', 'passkey', 'connecting'],
    on: 'passkey_required',
    to: 'cancelled',
    effects: [...ending],
  },
  // A session stopped while its challenge was shown: the codes it gave are gone.
  {
    from: ['challenge'],
    on: 'codes_exhausted',
    to: 'cancelled',
    effects: [...ending],
    unlessRestartExpected: true,
  },
  // Not only from `challenge`: a session can also fail while it starts or confirms.
  {
    from: ['starting', 'challenge', 'passkey', 'connecting'],
    on: 'challenge_failed',
    to: 'disconnected',
    effects: [...ending],
  },
  {
    from: ['paired'],
    on: 'connection_dropped',
    to: 'degraded',
    effects: ['schedule_retries'],
    unlessRestartExpected: true,
  },
  { from: ['degraded'], on: 'reconnected', to: 'paired', effects: ['refresh_last_seen'] },
  {
    from: ['degraded'],
    on: 'third_retry_failed',
    to: 'disconnected',
    effects: ['notify_disconnected', ...ending],
  },
  // The person unlinked the device (the provider asks for a new QR): no retry can help; guardians
  // must pair again.
  {
    from: ['paired', 'degraded'],
    on: 'device_unlinked',
    to: 'disconnected',
    effects: ['notify_reconnect_required', ...ending],
  },
  // Its proxy was burned and no other address has room: the session cannot go on anywhere, so the
  // pairing ends (its slot given back) and guardians must pair again once there is room.
  {
    from: ['starting', 'challenge', 'passkey', 'connecting', 'paired', 'degraded'],
    on: 'proxy_burned',
    to: 'disconnected',
    effects: ['notify_reconnect_required', 'logout_session', ...ending],
  },
  {
    from: ['starting', 'challenge', 'passkey', 'connecting', 'paired', 'degraded'],
    on: 'revoked',
    to: 'revoked',
    effects: ['logout_session', ...ending],
  },
];

export type PairingMove = { to: PairingStatus; effects: readonly PairingEffect[] } | null;

/**
 * The move a trigger makes from a status, or null when the table has no such row (nothing changes),
 * or when the trigger is a restart the pairing expects (`restartExpected`) and the row says so.
 */
export const transitionPairing = (
  from: PairingStatus,
  on: PairingTrigger,
  restartExpected = false,
): PairingMove => {
  const row = pairingTable.find((candidate) => candidate.on === on && candidate.from.includes(from));
  if (row === undefined || (restartExpected && row.unlessRestartExpected === true)) return null;
  return { to: row.to, effects: row.effects };
};

export const isOpenPairing = (status: PairingStatus): boolean => !finalStatuses.includes(status);
