import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../shared/domain/errors';
import { offsetPlaceAfter, offsetPlaceOf } from '../../../shared/domain/pagination/offset-place';

describe('the offset cursor kind', () => {
  it('keeps the rows shown and the place the last one holds', () => {
    const place = { offset: 60, place: { at: '2026-11-20T10:00:00.000Z', id: 'acc_1#usr_1' } };
    expect(offsetPlaceAfter(offsetPlaceOf(place))).toEqual(place);
    expect(offsetPlaceAfter(null)).toBeNull();
  });

  it('refuses a broken one as BAD_REQUEST', () => {
    for (const broken of [
      '',
      '0|2026-11-20T10:00:00.000Z|a',
      'x|2026-11-20T10:00:00.000Z|a',
      '3|nope|a',
      '3',
    ]) {
      expect(() => offsetPlaceAfter(broken)).toThrow(ServiceError);
    }
  });
});
