import { tokenParams } from '../../../shared/http/fields';
import type { GroupRequests } from '../contract';

/** The upload's parts are read by the use case itself, after its rate limits: only the path is validated here. */
export const requests = {
  submitEvidence: { params: tokenParams },
} satisfies GroupRequests<'evidence'>;
