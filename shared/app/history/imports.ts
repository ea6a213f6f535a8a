import { fail } from '../../domain/errors';
import { queueEntryOf, type HistoryImport } from '../../domain/history/history-import';
import { acceptMove, cancelMove, requestImport } from '../../domain/history/seat-imports';
import type { Caller, Deps } from '../deps';
import { seatFor, type SeatAccess } from '../family-access';
import { retryOnConflict } from '../retry-on-conflict';
import { personLinkAccess } from '../person-link';
import { admitNext, commitImportMove, type AdmissionDeps } from './admission';

/** An import as the routes answer it: its place in the queue read while it waits. */
export const importView = async (deps: Pick<Deps, 'historyQueue'>, seatUid: string, one: HistoryImport) => ({
  seatUid,
  status: one.status,
  first: one.first,
  position: one.status === 'waiting' ? await deps.historyQueue.position(queueEntryOf(seatUid, one)) : null,
  offerExpiresAt: one.offerExpiresAt,
  step: one.status === 'running' ? one.step : null,
  progress: one.progress,
  queuedAt: one.queuedAt,
  startedAt: one.startedAt,
  finishedAt: one.finishedAt,
});

export type ImportView = Awaited<ReturnType<typeof importView>>;

/** `GET /seats/{uid}/history-import` (member): the seat's latest import; 404 when it never had one. */
export const getHistoryImport = async (
  deps: Pick<Deps, 'families' | 'historyQueue'>,
  caller: Caller,
  seatUid: string,
) => {
  const { seat } = await seatFor(deps, caller, seatUid);
  if (seat.historyImport === null) throw fail('NOT_FOUND', undefined, 'This seat has no history import.');
  return importView(deps, seat.uid, seat.historyImport);
};

/**
 * `POST /seats/{uid}/history-import` (member): joins the end of the queue (201), or answers the
 * import already in it (200). The queue then moves at once if a slot is free.
 */
export const requestHistoryImport = async (
  deps: AdmissionDeps & Pick<Deps, 'historyQueue'>,
  caller: Caller,
  seatUid: string,
): Promise<{ created: boolean; view: ImportView }> => {
  const joined = await retryOnConflict(async () => {
    const { family, seat } = await seatFor(deps, caller, seatUid);
    const asked = requestImport(seat, { importId: deps.ids.ulid(), now: deps.clock.now() });
    if ('existing' in asked) return { created: false, one: asked.existing };
    await commitImportMove(deps, family, seat, asked.move, 'api');
    return { created: true, one: asked.move.after };
  });
  if (!joined.created) return { created: false, view: await importView(deps, seatUid, joined.one) };
  await admitNext(deps, 'api');
  const { seat } = await seatFor(deps, caller, seatUid);
  return { created: true, view: await importView(deps, seatUid, seat.historyImport ?? joined.one) };
};

/**
 * Accepting the seat's offer: the import runs. One command for the guardian's route and the
 * person's page (`access` says whose).
 */
const acceptOffer = async (deps: AdmissionDeps & Pick<Deps, 'historyQueue'>, access: SeatAccess) =>
  retryOnConflict(async () => {
    const { family, seat } = await access();
    const move = acceptMove(seat, deps.clock.now());
    await commitImportMove(deps, family, seat, move, 'api');
    return importView(deps, seat.uid, move.after);
  });

/** `POST /seats/{uid}/history-import/accept` (member). */
export const acceptHistoryImport = (
  deps: AdmissionDeps & Pick<Deps, 'historyQueue'>,
  caller: Caller,
  seatUid: string,
) => acceptOffer(deps, () => seatFor(deps, caller, seatUid));

/**
 * `POST /consent-requests/{token}/history-import/accept`: the person accepts on their page, while
 * their phone is on line. Its budgets are the pairing start's, counted before the token is looked up.
 */
export const acceptPersonHistoryImport = async (
  deps: AdmissionDeps & Pick<Deps, 'historyQueue' | 'hasher' | 'rateLimiter'>,
  token: string,
  ip: string,
) => acceptOffer(deps, await personLinkAccess(deps, 'historyAccept', token, ip));

/** `DELETE /seats/{uid}/history-import` (member): the import leaves the queue; an offer's slot goes on. */
export const cancelHistoryImport = async (
  deps: AdmissionDeps,
  caller: Caller,
  seatUid: string,
): Promise<void> => {
  await retryOnConflict(async () => {
    const { family, seat } = await seatFor(deps, caller, seatUid);
    await commitImportMove(deps, family, seat, cancelMove(seat, deps.clock.now()), 'api');
  });
};
