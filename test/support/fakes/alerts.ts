import type { AlertStore } from '../../../shared/ports/alerts';
import type { FakeTable } from './table';

/** The account's alerts (written with their seat), newest first by uid, after the last of a page. */
export const fakeAlertStore = (table: FakeTable): AlertStore => ({
  get: async (accountUid, alertUid) => {
    const kept = table.alerts.get(alertUid);
    return kept === undefined || kept.accountUid !== accountUid ? null : structuredClone(kept.alert);
  },
  page: async ({ accountUid, status, seatUid, limit, after }) =>
    [...table.alerts.values()]
      .filter((kept) => kept.accountUid === accountUid)
      .map((kept) => kept.alert)
      .filter((alert) => status === null || alert.status === status)
      .filter((alert) => seatUid === null || alert.seatUid === seatUid)
      .filter((alert) => after === null || alert.uid < after)
      .toSorted((a, b) => b.uid.localeCompare(a.uid))
      .slice(0, limit)
      .map((alert) => structuredClone(alert)),
  recordExcerptRead: async (read) => {
    table.excerptReads.push(structuredClone(read));
    table.audit.push({
      id: read.entryId,
      at: read.at.toISOString(),
      actor: { kind: 'guardian', uid: read.viewerUid },
      action: 'alert.excerpt_viewed',
      target: { kind: 'alert', uid: read.alertUid },
    });
  },
});
