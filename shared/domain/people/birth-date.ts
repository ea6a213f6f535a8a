/**
 * Ages are counted on the calendar of America/Sao_Paulo: a person turns 18 on their birthday there,
 * whatever the server's clock zone.
 */
export const MINOR_AGE_LIMIT = 18;
export const OLDEST_AGE = 120;
const calendarZone = 'America/Sao_Paulo';

export type PersonKind = 'minor' | 'adult';

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written `YYYY-MM-DD` (no 2025-02-30). */
export const isCalendarDate = (value: string): boolean => {
  const match = isoDate.exec(value);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

export const calendarDateAt = (instant: Date): string =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: calendarZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);

/** Whole years between a birth date and a calendar date, both `YYYY-MM-DD`. */
export const ageOn = (birthDate: string, today: string): number => {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
};

/** Whether a birth date fits the kind on the day `now` falls on in Sao Paulo. */
export const birthDateFitsKind = (kind: PersonKind, birthDate: string, now: Date): boolean => {
  const today = calendarDateAt(now);
  if (birthDate > today) return false;
  const age = ageOn(birthDate, today);
  if (age > OLDEST_AGE) return false;
  return kind === 'minor' ? age < MINOR_AGE_LIMIT : age >= MINOR_AGE_LIMIT;
};
