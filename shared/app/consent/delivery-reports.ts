import { failureReasonOf } from '../../domain/consent/provider-errors';
import type { DeliveryReport } from '../../domain/consent/delivery';
import type { Deps } from '../deps';
import { parseDeliveryReference, recordDelivery, type DeliveryDeps, type DeliveryOutcome } from './delivery';

const reported = ['sent', 'delivered', 'read', 'failed'] as const;
const isReported = (status: string): status is DeliveryReport['status'] =>
  (reported as readonly string[]).includes(status);

/** A status webhook as the gateway queued it: ids, status, instant and error codes. */
export interface StatusReport {
  messageId: string;
  status: string;
  at: string | null;
  /** What the send set as `biz_opaque_callback_data`, echoed. */
  reference: string | null;
  errorCodes: readonly number[];
}

/**
 * A status webhook of the business provider, on the delivery its echoed reference names: a status
 * we do not track (`played`, a reference that is not a consent link's) is `ignored`; `failed` gives
 * the reason of its first error code.
 */
export const recordStatusReport = async (
  deps: DeliveryDeps & Pick<Deps, 'clock'>,
  event: StatusReport,
): Promise<DeliveryOutcome | 'ignored'> => {
  const target = event.reference === null ? null : parseDeliveryReference(event.reference);
  if (target === null || !isReported(event.status)) return 'ignored';
  return recordDelivery(deps, 'workers', target, {
    status: event.status,
    at: event.at === null ? deps.clock.now() : new Date(event.at),
    messageId: event.messageId,
    ...(event.status === 'failed' ? { failureReason: failureReasonOf(event.errorCodes[0] ?? null) } : {}),
  });
};
