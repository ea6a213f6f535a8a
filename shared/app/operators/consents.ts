import { effectiveStatus } from '../../domain/consent/consent-request';
import { maskedDependent } from '../../domain/operators/masking';
import type { BackofficeLists } from '../../ports/operators';
import type { Clock } from '../../ports/clock';
import { instantPage } from './instant-page';

/**
 * `GET /admin/consents` (operator or owner): each seat's current consent request, newest request
 * first, 30 per page unless asked (at most 100): its status as the person would find it (a lapsed
 * pending one is `expired`), its instants, whether evidence was verified and how the link's last
 * delivery went; the person masked, never the evidence.
 */
export const listConsents = async (
  deps: { lists: BackofficeLists; clock: Clock },
  query: { cursor?: string | undefined; limit: number },
) => {
  const now = deps.clock.now();
  const { page, nextCursor } = await instantPage(
    { list: 'consents', ...query },
    (after) => deps.lists.consents({ after, limit: query.limit }),
    (seat) => ({ at: seat.consent?.createdAt ?? seat.createdAt, id: seat.uid }),
  );
  return {
    consents: page.flatMap(({ uid, accountUid, dependent, consent }) =>
      consent === null
        ? []
        : [
            {
              seatUid: uid,
              accountUid,
              requestId: consent.requestId,
              status: effectiveStatus(consent, now),
              person: dependent === null ? null : maskedDependent(dependent),
              requestedAt: consent.createdAt,
              expiresAt: consent.expiresAt,
              decidedAt: consent.decidedAt,
              evidenceVerified: consent.evidenceVerifiedAt !== null,
              delivery: consent.delivery === null ? null : consent.delivery.status,
            },
          ],
    ),
    nextCursor,
  };
};
