import * as z from '../../../shared/validation/z';
import type { GroupResponses } from '../contract';
import { alert, alertCounts, excerpt } from '../answers';

export const responses = {
  listAlerts: {
    summary: "A page of the account's alerts, newest first, with the counts per status",
    description:
      "Filters: `status`, `seatUid`. `limit` 1 to 100 (50 unless given). Pages with `?cursor=` set to the previous page's `nextCursor`, with the same limit and filters; `nextCursor` null means the end. A broken cursor, or one reused with another limit or filter, is `BAD_REQUEST`. `counts` apply the same filters but `status`. The status indexes follow a decision within a moment (eventually consistent); the unfiltered list and the counts at once.",
    success: {
      200: {
        data: z.array(alert),
        beside: { nextCursor: z.nullable(z.string()), counts: alertCounts },
      },
    },
    errors: ['NOT_FOUND'],
  },
  resolveAlert: {
    summary: 'Resolve an open alert',
    success: { 200: { data: alert } },
    errors: ['NOT_FOUND', 'ALERT_NOT_OPEN', 'CONFLICT'],
  },
  dismissAlert: {
    summary: 'Dismiss an open alert',
    success: { 200: { data: alert } },
    errors: ['NOT_FOUND', 'ALERT_NOT_OPEN', 'CONFLICT'],
  },
  readAlertExcerpt: {
    summary: "The alert's minimal excerpt, rate limited per guardian and audited",
    description:
      "Every read is written to the operators' audit trail (who, which alert, when; never text) and counted on the person's protection view.",
    success: { 200: { data: excerpt } },
    errors: ['RATE_LIMITED', 'NOT_FOUND', 'SEAT_KEY_GONE', 'EXCERPT_GONE'],
  },
} satisfies GroupResponses<'alerts'>;
