import { fail } from '../errors';
import type { ConsentDelivery } from './delivery';

/**
 * The person's own consent. One request is current per seat; a new one
 * replaces it (its link then answers CONSENT_EXPIRED). A pending request past its lifetime is
 * `expired`, derived on read: no timer is needed for it.
 */
export const consentStatuses = ['pending', 'given', 'declined', 'expired', 'revoked'] as const;
export type ConsentStatus = (typeof consentStatuses)[number];

/** Who ended a request: the family changed the person's data, or the person stopped protection. */
export type RevokedBy = 'dependent_data_changed' | 'dependent';

export interface ConsentRequest {
  requestId: string;
  status: ConsentStatus;
  /** The owner's first name as the person's page shows it: never more of the guardian. */
  requesterFirstName: string | null;
  createdAt: string;
  expiresAt: string;
  /** Set once a selfie and a spoken phrase were verified on this request. */
  evidenceVerifiedAt: string | null;
  decidedAt: string | null;
  revokedBy: RevokedBy | null;
  /** The link's latest delivery to the person's phone; null while nothing was sent (`send: later`). */
  delivery: ConsentDelivery | null;
}

export type ConsentMove = 'give' | 'decline' | 'revoke' | 'stop' | 'renew';

/** The consent transitions as data: from a status, each move leads to one status. */
export const consentTransitions: Readonly<
  Record<ConsentStatus, Partial<Record<ConsentMove, ConsentStatus>>>
> = {
  pending: { give: 'given', decline: 'declined', revoke: 'revoked', renew: 'pending' },
  given: { stop: 'revoked' },
  declined: { renew: 'pending' },
  expired: { renew: 'pending' },
  revoked: { renew: 'pending' },
};

export const effectiveStatus = (request: ConsentRequest, now: Date): ConsentStatus =>
  request.status === 'pending' && now.getTime() >= Date.parse(request.expiresAt) ? 'expired' : request.status;

/** The status a move leads to, or null when the table has no such row. */
export const nextStatus = (from: ConsentStatus, move: ConsentMove): ConsentStatus | null =>
  consentTransitions[from][move] ?? null;

export const newConsentRequest = (fields: {
  requestId: string;
  now: Date;
  ttlSeconds: number;
  requesterFirstName: string | null;
}): ConsentRequest => ({
  requestId: fields.requestId,
  status: 'pending',
  requesterFirstName: fields.requesterFirstName,
  createdAt: fields.now.toISOString(),
  expiresAt: new Date(fields.now.getTime() + fields.ttlSeconds * 1000).toISOString(),
  evidenceVerifiedAt: null,
  decidedAt: null,
  revokedBy: null,
  delivery: null,
});

/** Applies a move the table allows; a move it does not allow is the caller's `otherwise` error. */
export const move = (
  request: ConsentRequest,
  action: Exclude<ConsentMove, 'renew'>,
  now: Date,
  otherwise: Parameters<typeof fail>[0],
  revokedBy: RevokedBy | null = null,
): ConsentRequest => {
  const to = nextStatus(effectiveStatus(request, now), action);
  if (to === null) throw fail(otherwise);
  return {
    ...request,
    status: to,
    decidedAt: now.toISOString(),
    revokedBy: to === 'revoked' ? revokedBy : null,
  };
};
