import type { GroupResponses } from '../contract';
import { consentView, dependent, protectionCard, seat, seatEnvelope } from '../answers';

/** The owner asks for the person's consent; the link fails to go out after it was saved: 503. */
const askingErrors = [
  'NOT_FOUND',
  'FORBIDDEN',
  'DEPENDENT_REQUIRED',
  'DEPENDENT_INCOMPLETE',
  'CONSENT_ALREADY_GIVEN',
  'RESEND_LOCKED',
  'CONFLICT',
  'UNAVAILABLE',
] as const;

export const responses = {
  createSeat: {
    summary: "Add a pending seat at today's price",
    success: { 201: { data: seat } },
    errors: ['NOT_FOUND', 'CONFLICT'],
  },
  getSeat: {
    summary: 'The seat, with its consent request, trial and person',
    success: { 200: { data: seat } },
    errors: ['NOT_FOUND'],
  },
  removeSeat: {
    summary: 'Archive a seat that is not active',
    success: { 204: { empty: true } },
    errors: ['NOT_FOUND', 'SEAT_ACTIVE', 'CONFLICT'],
  },
  putDependent: {
    summary: 'Fill in the protected person',
    description:
      "Identical data changes nothing. A change while the person's link is open revokes it; once the person consented the data is locked.",
    success: { 200: { data: dependent } },
    errors: ['NOT_FOUND', 'SEAT_NOT_PENDING', 'DEPENDENT_LOCKED', 'BIRTH_DATE_OUT_OF_RANGE', 'CONFLICT'],
  },
  askConsent: {
    summary: "Ask for the person's consent (owner only)",
    description:
      "201 with a new request and its link (`data.seat.consent.link`); 200 when the open request is reused. `send: now` sends the link to the person's phone, `later` sends nothing.",
    success: { 201: { data: seatEnvelope }, 200: { data: seatEnvelope } },
    errors: [...askingErrors, 'SEAT_NOT_PENDING'],
  },
  resendConsent: {
    summary: 'Send a new link after a decline, expiry or stop, once the wait is over (owner only)',
    success: { 201: { data: seatEnvelope } },
    errors: [...askingErrors, 'CONSENT_EXPIRED'],
  },
  activateSeat: {
    summary: "Activate the seat with the guardian's attestation (owner only)",
    description:
      'Needs the complete person, their consent and a relationship check that is not refuted; opens the subscription in `trialing` if the account has none.',
    success: { 200: { data: seat } },
    errors: [
      'NOT_FOUND',
      'FORBIDDEN',
      'STOPPED_BY_DEPENDENT',
      'DEPENDENT_REQUIRED',
      'DEPENDENT_INCOMPLETE',
      'SEAT_NOT_PENDING',
      'CONSENT_REQUIRED',
      'RELATIONSHIP_REFUTED',
      'CAMPAIGN_NOT_FOUND',
      'CAMPAIGN_ALREADY_APPLIED',
      'CONFLICT',
      'UNAVAILABLE',
    ],
  },
  getConsent: {
    summary: 'The consent, whether pairing may start, and what blocks it',
    success: { 200: { data: consentView } },
    errors: ['NOT_FOUND'],
  },
  getProtection: {
    summary: "The seat's protection card: state, consent, connection, pause, recipients, week, open alerts",
    description:
      "The state is derived on every read; `recipients` are the family's members with their channels for the `alerts` category; `week` is the 7 calendar days (America/Sao_Paulo) ending today, oldest first.",
    success: { 200: { data: protectionCard } },
    errors: ['NOT_FOUND'],
  },
  pauseSeat: {
    summary: 'Pause the protection of an active seat until an instant (any member)',
    description:
      'While paused, messages are dropped unread and the pairing stays as it is. The seat resumes by itself at `until`; `PAUSE_TOO_LONG` carries `details.maxDays`.',
    success: { 200: { data: seat } },
    errors: [
      'NOT_FOUND',
      'STOPPED_BY_DEPENDENT',
      'SEAT_NOT_ACTIVE',
      'PAUSE_UNTIL_PAST',
      'PAUSE_TOO_LONG',
      'CONFLICT',
    ],
  },
  resumeSeat: {
    summary: 'End the pause of a seat now (any member)',
    success: { 200: { data: seat } },
    errors: ['NOT_FOUND', 'SEAT_NOT_PAUSED', 'CONFLICT'],
  },
} satisfies GroupResponses<'seats'>;
