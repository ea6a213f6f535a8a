/**
 * What the person sees of guardians reading their messages: how many excerpt reads of their seat
 * were made in the last 30 days and when the last one was. Never which alert, category, guardian or
 * text. Reads are counted per seat and per UTC day; a day is kept a little past the window.
 */
export const EXCERPT_VIEWS_WINDOW_DAYS = 30;

/** One seat's excerpt reads on one UTC day (`YYYY-MM-DD`). */
export interface ExcerptViewDay {
  seatUid: string;
  day: string;
  count: number;
  lastAt: string;
}

export interface ExcerptViews {
  count30d: number;
  lastAt: string | null;
}

const DAY_MS = 86_400_000;

export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** When a day's counter may go: the window has passed it by a day (the table's TTL, in epoch seconds). */
export const excerptViewDayExpiry = (day: string): number =>
  Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) + (EXCERPT_VIEWS_WINDOW_DAYS + 1) * 86_400;

/** The seat's reads of today and the 29 days before it (UTC days), and the last read's instant. */
export const excerptViewsOf = (days: readonly ExcerptViewDay[], seatUid: string, now: Date): ExcerptViews => {
  const firstDay = utcDay(new Date(now.getTime() - (EXCERPT_VIEWS_WINDOW_DAYS - 1) * DAY_MS));
  const inWindow = days.filter((day) => day.seatUid === seatUid && day.day >= firstDay);
  return {
    count30d: inWindow.reduce((sum, day) => sum + day.count, 0),
    lastAt: inWindow.reduce<string | null>(
      (last, day) => (last === null || day.lastAt > last ? day.lastAt : last),
      null,
    ),
  };
};
