import * as z from '../../../shared/validation/z';
import type { GroupResponses } from '../contract';
import { channel, guardianPairing, personPairing } from '../answers';

/** The pairing preconditions in their checking order (after a stop by the person, 409 comes first). */
const startErrors = [
  'STOPPED_BY_DEPENDENT',
  'CONSENT_REQUIRED',
  'RELATIONSHIP_REFUTED',
  'SEAT_NOT_ACTIVE',
  'CHANNEL_NOT_ENABLED',
  'PAIRING_EXISTS',
  'DEPENDENT_PHONE_IS_GUARDIAN',
  'DEPENDENT_INCOMPLETE',
  'NO_PROXY_CAPACITY',
  'CONFLICT',
] as const;
const passkeyErrors = [
  'PAIRING_NOT_AWAITING_CONFIRMATION',
  'CONFIRMATION_NOT_SUPPORTED',
  'CONFLICT',
] as const;
/** The person's routes: budgets per link and per IP counted before the token is looked up. */
const linkErrors = ['RATE_LIMITED', 'NOT_FOUND', 'CONSENT_EXPIRED'] as const;

export const responses = {
  listChannels: {
    summary: 'The channels of the seat, each with its pairing',
    success: { 200: { data: z.array(channel) } },
    errors: ['NOT_FOUND'],
  },
  contractChannel: {
    summary: "Contract a channel at today's price (owner only)",
    description:
      '201 when contracted now, 200 when it already was; any channel but `chat` is `CHANNEL_UNAVAILABLE`.',
    success: { 201: { data: z.array(channel) }, 200: { data: z.array(channel) } },
    errors: [
      'NOT_FOUND',
      'FORBIDDEN',
      'STOPPED_BY_DEPENDENT',
      'CHANNEL_UNAVAILABLE',
      'SEAT_NOT_ACTIVE',
      'CONFLICT',
    ],
  },
  startPairing: {
    summary: "Start pairing the person's messaging account from the guardian's screen",
    description:
      'The pairing starts as `starting` with `challenge: null`; the QR follows over the event stream (`pairing.challenge`).',
    success: { 201: { data: guardianPairing } },
    errors: ['NOT_FOUND', ...startErrors],
  },
  readPairing: {
    summary: 'The open pairing, else the latest (404 when the seat never had one)',
    success: { 200: { data: guardianPairing } },
    errors: ['NOT_FOUND'],
  },
  unlinkPairing: {
    summary: 'Unlink: an open pairing becomes `revoked` and its session is ended',
    success: { 204: { empty: true } },
    errors: ['NOT_FOUND', 'CONFLICT'],
  },
  answerPasskey: {
    summary: 'Answer the number comparison: `true` confirms, `false` ends as `passkey_refused`',
    success: { 200: { data: guardianPairing } },
    errors: ['NOT_FOUND', ...passkeyErrors],
  },
  renewChallenge: {
    summary: 'A fresh challenge for the open pairing, optionally switching the method',
    success: { 200: { data: guardianPairing } },
    errors: ['NOT_FOUND', 'PAIRING_NOT_OPEN', 'PAIRING_NOT_SWITCHABLE', 'CONFLICT'],
  },
  pairingAvatar: {
    summary: "The person's own profile photo while connected (bytes, never cached)",
    success: { 200: { bytes: 'image/*' } },
    errors: ['NOT_FOUND'],
  },
  startPersonPairing: {
    summary: "Start pairing from the person's page, by a code typed on their own phone",
    success: { 201: { data: personPairing } },
    errors: [...linkErrors, ...startErrors],
  },
  readPersonPairing: {
    summary: "The person's pairing, with the code they type",
    success: { 200: { data: personPairing } },
    errors: linkErrors,
  },
  answerPersonPasskey: {
    summary: "The person's answer to the number comparison",
    success: { 200: { data: personPairing } },
    errors: [...linkErrors, ...passkeyErrors],
  },
} satisfies GroupResponses<'pairing'>;
