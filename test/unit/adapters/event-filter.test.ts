import { describe, expect, it } from 'vitest';
import { matchesFilter } from '../../../shared/adapters/lambda/event-filter';

describe('Lambda event filtering, as the local pollers apply it', () => {
  const pattern = { eventName: ['INSERT', 'MODIFY'], dynamodb: { NewImage: { type: { S: ['event'] } } } };
  const record = (eventName: unknown, type: unknown) => ({ eventName, dynamodb: { NewImage: { type } } });

  it('keeps a record whose every field equals one of its pattern’s values, level by level', () => {
    expect(matchesFilter(pattern, record('INSERT', { S: 'event' }))).toBe(true);
    expect(matchesFilter(pattern, record('MODIFY', { S: 'event' }))).toBe(true);
    expect(matchesFilter(pattern, { ...record('INSERT', { S: 'event' }), other: 1 })).toBe(true);
  });

  it('drops a record with another value, a missing field or another shape', () => {
    expect(matchesFilter(pattern, record('REMOVE', { S: 'event' }))).toBe(false);
    expect(matchesFilter(pattern, record('INSERT', { S: 'seat' }))).toBe(false);
    expect(matchesFilter(pattern, record('INSERT', undefined))).toBe(false);
    expect(matchesFilter(pattern, { eventName: 'INSERT' })).toBe(false);
    expect(matchesFilter(pattern, 'INSERT')).toBe(false);
    expect(matchesFilter({ n: [null] }, {})).toBe(false);
    expect(matchesFilter({ n: [null] }, { n: null })).toBe(true);
  });

  it('matches an array field on any of its elements', () => {
    expect(matchesFilter({ tags: ['b'] }, { tags: ['a', 'b'] })).toBe(true);
    expect(matchesFilter({ tags: ['c'] }, { tags: ['a', 'b'] })).toBe(false);
  });

  it('tells a field that is there from one that is not, a missing level counting as absent', () => {
    const keyGone = { old: { key: { S: [{ exists: true }] } }, new: { key: { S: [{ exists: false }] } } };
    const images = (before: unknown, after: unknown) => ({ old: { key: before }, new: { key: after } });
    expect(matchesFilter(keyGone, images({ S: 'k' }, { NULL: true }))).toBe(true);
    expect(matchesFilter(keyGone, images({ S: 'k' }, undefined))).toBe(true);
    expect(matchesFilter(keyGone, { old: { key: { S: 'k' } } })).toBe(true);
    expect(matchesFilter(keyGone, images({ S: 'k' }, { S: 'k2' }))).toBe(false);
    expect(matchesFilter(keyGone, images({ NULL: true }, { NULL: true }))).toBe(false);
    expect(matchesFilter(keyGone, images(undefined, undefined))).toBe(false);
    // `exists` is for leaves: an object where a value should be is not one.
    expect(matchesFilter(keyGone, images({ S: { M: {} } }, undefined))).toBe(false);
  });
});
