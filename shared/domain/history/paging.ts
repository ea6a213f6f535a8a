/**
 * How an import pages the provider's history (docs/history-import.md, "Reading whole"). WAHA slices
 * a page from its store first and only then drops what is not a message (reactions, poll votes,
 * edits, deletions): a page can come back shorter than asked, or empty, with more after it. So the
 * next page starts `limit` after the one asked, whatever came back, and a chat (or the chats list)
 * ends at the first page that comes back empty.
 */

/** A page asked of the provider: `limit` items from `offset`. */
export interface PageAsked {
  offset: number;
  limit: number;
}

/** The page size asked while the provider answers in time. */
export const fullPage = 100;
/** The smallest page a slow provider is asked for: smaller would only multiply the calls. */
export const smallestPage = 10;

/** The page after one the provider answered with `returned` items, or null when it was the last. */
export const pageAfter = (asked: PageAsked, returned: number): PageAsked | null =>
  returned === 0 ? null : { offset: asked.offset + asked.limit, limit: asked.limit };

/**
 * The same page asked again after it timed out: from the same offset, half as many, so a slow
 * provider still moves; null once it is already the smallest (the run then fails as any timeout).
 */
export const smallerPage = (asked: PageAsked): PageAsked | null =>
  asked.limit <= smallestPage
    ? null
    : { offset: asked.offset, limit: Math.max(smallestPage, Math.floor(asked.limit / 2)) };

/** What an import reads, in the provider's seconds: `HISTORY_DAYS` back from its start, both ends pinned. */
export interface HistoryWindow {
  since: number;
  until: number;
}

/**
 * A message's time read from the provider: seconds, or null when it has none (GOWS reports a time
 * its engine lost as null; zero is as unknown).
 */
export const knownTime = (timestamp: unknown): number | null =>
  typeof timestamp === 'number' && Number.isFinite(timestamp) && timestamp > 0 ? timestamp : null;

/**
 * Whether a message is in the window. The provider filters by the window itself; a message it
 * answers without a time is taken as inside (it came from within the filter), never refused.
 */
export const inWindow = (timestamp: number | null, window: HistoryWindow): boolean =>
  timestamp === null || (timestamp >= window.since && timestamp <= window.until);

/**
 * A page's messages (oldest first) each with a time: one without takes its nearest neighbour's on
 * the page (the one before it, else the one after), else `fallback`, so it keeps its place in the
 * chat's order. The same page always gives the same times (a page read again after a crash).
 */
export const withTimes = <T extends { timestamp: number | null }>(
  page: readonly T[],
  fallback: number,
): (T & { timestamp: number })[] => {
  const before: (number | null)[] = [];
  let last: number | null = null;
  for (const message of page) {
    last = message.timestamp ?? last;
    before.push(last);
  }
  const timed: (T & { timestamp: number })[] = [];
  let next: number | null = null;
  for (let index = page.length - 1; index >= 0; index -= 1) {
    const message = page[index] as T;
    next = message.timestamp ?? next;
    timed.unshift({ ...message, timestamp: before[index] ?? next ?? fallback });
  }
  return timed;
};
