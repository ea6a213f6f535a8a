/**
 * The consent link's delivery to the person's phone, as the business provider reports it. One
 * delivery per send: a resend (or a new `send: now`) starts a new one with a new id, and reports
 * about an older delivery change nothing.
 */
export const deliveryStatuses = ['queued', 'sent', 'delivered', 'read', 'failed'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/** Why a delivery failed, in our words: the provider's error codes map onto these. */
export const deliveryFailureReasons = [
  'not_on_whatsapp',
  'limit_reached',
  'template_unavailable',
  'provider_error',
] as const;
export type DeliveryFailureReason = (typeof deliveryFailureReasons)[number];

export interface ConsentDelivery {
  deliveryId: string;
  status: DeliveryStatus;
  /** When the current status was reached. */
  at: string;
  failureReason: DeliveryFailureReason | null;
  /** The provider's message id, once it accepted the send. */
  messageId: string | null;
  /**
   * The last send attempt the worker claimed before calling the provider (0: none yet). A claimed
   * attempt is never made again: its outcome may be unknown (a timeout), and the person must not
   * receive the link twice.
   */
  attempt: number;
}

/**
 * The delivery transitions as data: which statuses a reported status may replace. Forward only
 * (`queued` < `sent` < `delivered` < `read`); `failed` replaces `queued` or `sent`, never what reached
 * the phone; nothing goes back to `queued`. A report the table does not allow (late, doubled,
 * contradicting) changes nothing.
 */
export const deliveryMoves: Readonly<Record<DeliveryStatus, readonly DeliveryStatus[]>> = {
  queued: [],
  sent: ['queued'],
  delivered: ['queued', 'sent'],
  read: ['queued', 'sent', 'delivered'],
  failed: ['queued', 'sent'],
};

export const queuedDelivery = (deliveryId: string, now: Date): ConsentDelivery => ({
  deliveryId,
  status: 'queued',
  at: now.toISOString(),
  failureReason: null,
  messageId: null,
  attempt: 0,
});

/** What the provider (its answer to the send, or a status webhook) says about a delivery. */
export interface DeliveryReport {
  status: Exclude<DeliveryStatus, 'queued'>;
  at: Date;
  failureReason?: DeliveryFailureReason;
  messageId?: string;
}

/** The delivery after a report, or null when the report changes nothing. */
export const advanceDelivery = (current: ConsentDelivery, report: DeliveryReport): ConsentDelivery | null => {
  if (!deliveryMoves[report.status].includes(current.status)) return null;
  return {
    ...current,
    status: report.status,
    at: report.at.toISOString(),
    failureReason: report.status === 'failed' ? (report.failureReason ?? 'provider_error') : null,
    messageId: current.messageId ?? report.messageId ?? null,
  };
};

/** The delivery as the family's app reads it: no provider id, no attempt count. */
export const deliveryView = (delivery: ConsentDelivery | null) =>
  delivery === null
    ? null
    : { status: delivery.status, at: delivery.at, failureReason: delivery.failureReason };
