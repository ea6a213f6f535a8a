import { describe, expect, it } from 'vitest';
import {
  fullPage,
  inWindow,
  knownTime,
  pageAfter,
  smallerPage,
  smallestPage,
  withTimes,
} from '../../../shared/domain/history/paging';

describe('paging a chat as WAHA pages it', () => {
  it('asks the next page `limit` after the one asked, however few came back', () => {
    expect(pageAfter({ offset: 0, limit: fullPage }, fullPage)).toEqual({ offset: 100, limit: 100 });
    expect(pageAfter({ offset: 100, limit: 100 }, 37)).toEqual({ offset: 200, limit: 100 });
    expect(pageAfter({ offset: 200, limit: 25 }, 1)).toEqual({ offset: 225, limit: 25 });
  });

  it('ends the chat at the first page that comes back empty', () => {
    expect(pageAfter({ offset: 300, limit: 100 }, 0)).toBeNull();
  });

  it('asks a page that timed out again from the same offset, half as large, down to the smallest', () => {
    expect(smallerPage({ offset: 400, limit: 100 })).toEqual({ offset: 400, limit: 50 });
    expect(smallerPage({ offset: 400, limit: 25 })).toEqual({ offset: 400, limit: 12 });
    expect(smallerPage({ offset: 400, limit: 12 })).toEqual({ offset: 400, limit: smallestPage });
    expect(smallerPage({ offset: 400, limit: smallestPage })).toBeNull();
  });
});

describe('a message’s time', () => {
  const window = { since: 1_000, until: 2_000 };

  it('is unknown when zero, missing or not a number', () => {
    expect([1_500, 0, null, undefined, Number.NaN, '1500'].map(knownTime)).toEqual([
      1_500,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('keeps a message of the window, both ends included, and one whose time is unknown', () => {
    expect([999, 1_000, 2_000, 2_001, null].map((at) => inWindow(at, window))).toEqual([
      false,
      true,
      true,
      false,
      true,
    ]);
  });

  it('gives a message without a time its neighbour’s on the page, before it first, else the fallback', () => {
    const page = [null, 1_100, null, null, 1_300, null].map((timestamp, index) => ({ index, timestamp }));
    expect(withTimes(page, 2_000).map((one) => one.timestamp)).toEqual([
      1_100, 1_100, 1_100, 1_100, 1_300, 1_300,
    ]);
    expect(withTimes([{ timestamp: null }], 2_000)).toEqual([{ timestamp: 2_000 }]);
  });
});
