import * as z from '../../../shared/validation/z';
import { seatParams, tokenParams } from '../../../shared/http/fields';
import type { GroupRequests } from '../contract';

/** The import commands carry nothing: an empty object, or no body at all. */
const emptyBody = z.optional(z.strictObject({}));

/** The schemas each history import operation validates with, keyed by the route table's operation names. */
export const requests = {
  getHistoryImport: { params: seatParams },
  requestHistoryImport: { params: seatParams, body: emptyBody },
  acceptHistoryImport: { params: seatParams, body: emptyBody },
  cancelHistoryImport: { params: seatParams },
  acceptPersonHistoryImport: { params: tokenParams, body: emptyBody },
} satisfies GroupRequests<'history'>;
