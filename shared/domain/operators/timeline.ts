/**
 * A seat's timeline in the backoffice: the events of its consent, its pairing (provider failures,
 * reconnects, cancellations), its history import and its subscription; the type only, never a
 * payload. Which event types belong is decided by their family, the part before the dot.
 */
const timelineFamilies = new Set([
  'consent',
  'pairing',
  'provider',
  'history',
  'sync',
  'subscription',
  'trial',
]);

export const isTimelineEvent = (type: string): boolean => timelineFamilies.has(type.split('.')[0] ?? '');

/** A place in a timeline, sorted by instant, then source, then id (the instant+source+id cursor kind). */
export const timelinePlaceOf = (event: { occurredAt: string; source: string; id: string }): string =>
  `${event.occurredAt}#${event.source}#${event.id}`;
