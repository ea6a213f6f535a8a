import type { GroupResponses } from '../contract';
import { historyImport } from '../answers';

/** Every guardian's import route checks the person's stop first, then the seat's key. */
const seatErrors = ['NOT_FOUND', 'STOPPED_BY_DEPENDENT', 'SEAT_KEY_GONE'] as const;
const acceptErrors = [
  'NOT_IN_QUEUE',
  'NO_OPEN_OFFER',
  'OFFER_EXPIRED',
  'ALREADY_ADMITTED',
  'CONFLICT',
] as const;

export const responses = {
  getHistoryImport: {
    summary: "The seat's latest history import",
    description:
      '`position` is the place in the queue (from 1) while `waiting`. 404 when the seat never had one.',
    success: { 200: { data: historyImport } },
    errors: ['NOT_FOUND'],
  },
  requestHistoryImport: {
    summary: "Ask for a read of the person's recent history (after a long disconnection)",
    description:
      "201: the import joined the end of the queue; 200: the seat's import already `waiting` or `offered`. Its turn brings an offer (`history.offered`), to accept while the person's phone is on line.",
    success: { 200: { data: historyImport }, 201: { data: historyImport } },
    errors: [...seatErrors, 'ALREADY_ADMITTED', 'NOTHING_TO_SYNC', 'CONFLICT'],
  },
  acceptHistoryImport: {
    summary: "Accept the seat's offered slot: the import runs",
    success: { 200: { data: historyImport } },
    errors: [...seatErrors, ...acceptErrors],
  },
  cancelHistoryImport: {
    summary: 'Leave the queue (`cancelled`); an offered slot goes to the next import',
    success: { 204: { empty: true } },
    errors: [...seatErrors, 'NOT_IN_QUEUE', 'ALREADY_ADMITTED', 'CONFLICT'],
  },
  acceptPersonHistoryImport: {
    summary: "Accept the offered slot from the person's page",
    description:
      "Rate limited per link and per IP before the token is looked up, as the person's pairing start.",
    success: { 200: { data: historyImport } },
    errors: [
      'RATE_LIMITED',
      'NOT_FOUND',
      'CONSENT_EXPIRED',
      'STOPPED_BY_DEPENDENT',
      'SEAT_KEY_GONE',
      ...acceptErrors,
    ],
  },
} satisfies GroupResponses<'history'>;
