import * as z from '../../../shared/validation/z';
import { alertStatuses } from '../../../shared/domain/alerts/alert';
import { DEFAULT_PAGE_LIMIT } from '../../../shared/domain/pagination/cursor';
import { accountParams, uidParam } from '../../../shared/http/fields';
import type { GroupRequests } from '../contract';

const alertParams = z.object({ uid: uidParam });

/** The alert routes take `{}` or no body. */
const emptyBody = z.optional(z.strictObject({}));

/** A page of alerts: at most 100, 50 unless asked. The cursor is checked by the use case (`BAD_REQUEST`). */
const alertListQuery = z.strictObject({
  status: z.optional(z.enum(alertStatuses)),
  seatUid: z.optional(uidParam),
  cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(1024))),
  limit: z._default(
    z.pipe(
      z.string().check(z.regex(/^(100|[1-9][0-9]?)$/, 'must be a whole number from 1 to 100')),
      z.transform(Number),
    ),
    DEFAULT_PAGE_LIMIT,
  ),
});

/** The schemas each alerts operation validates with, keyed by the route table's operation names. */
export const requests = {
  listAlerts: { params: accountParams, query: alertListQuery },
  resolveAlert: { params: alertParams, body: emptyBody },
  dismissAlert: { params: alertParams, body: emptyBody },
  readAlertExcerpt: { params: alertParams, body: emptyBody },
} satisfies GroupRequests<'alerts'>;
