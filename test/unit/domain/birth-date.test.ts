import { describe, expect, it } from 'vitest';
import {
  ageOn,
  birthDateFitsKind,
  calendarDateAt,
  isCalendarDate,
} from '../../../shared/domain/people/birth-date';

describe('birth dates', () => {
  it('are real calendar dates written YYYY-MM-DD', () => {
    expect(isCalendarDate('2014-03-02')).toBe(true);
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(isCalendarDate('2014-3-2')).toBe(false);
  });

  it('count ages on the calendar of Sao Paulo', () => {
    // 01:00 UTC on 2026-03-02 is still 2026-03-01 in Sao Paulo (UTC-3).
    expect(calendarDateAt(new Date('2026-03-02T01:00:00Z'))).toBe('2026-03-01');
    expect(ageOn('2008-03-02', '2026-03-01')).toBe(17);
    expect(ageOn('2008-03-02', '2026-03-02')).toBe(18);
  });

  it('make a minor under 18 and an adult 18 or over, on the day in Sao Paulo', () => {
    const eveOfBirthdayThere = new Date('2026-03-02T01:00:00Z');
    expect(birthDateFitsKind('minor', '2008-03-02', eveOfBirthdayThere)).toBe(true);
    expect(birthDateFitsKind('adult', '2008-03-02', eveOfBirthdayThere)).toBe(false);
    const birthdayThere = new Date('2026-03-02T12:00:00Z');
    expect(birthDateFitsKind('minor', '2008-03-02', birthdayThere)).toBe(false);
    expect(birthDateFitsKind('adult', '2008-03-02', birthdayThere)).toBe(true);
  });

  it('refuse the future and more than 120 years ago', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(birthDateFitsKind('minor', '2026-11-23', now)).toBe(false);
    expect(birthDateFitsKind('minor', '2026-11-22', now)).toBe(true);
    expect(birthDateFitsKind('adult', '1906-11-22', now)).toBe(true);
    expect(birthDateFitsKind('adult', '1905-11-21', now)).toBe(false);
  });
});
