import { describe, expect, it } from 'vitest';
import {
  eventOfRecord,
  isEventInsert,
  seatOfDestroyedKey,
} from '../../../shared/adapters/dynamo/stream-filter';
import { itemTypes } from '../../../shared/adapters/dynamo/keys';

const record = (eventName: string, image: Record<string, unknown>) => ({
  eventName,
  dynamodb: { NewImage: image },
});
const eventImage = {
  type: { S: itemTypes.event },
  id: { S: '01K00000000000000000000001' },
  accountId: { S: 'acc-1' },
  payload: { M: {} },
};

describe('the table stream’s filter', () => {
  it('keeps inserted event items and gives their id, account and seat, nothing else', () => {
    expect(eventOfRecord(record('INSERT', { ...eventImage, seatId: { S: 'seat-1' } }))).toEqual({
      id: '01K00000000000000000000001',
      accountId: 'acc-1',
      seatId: 'seat-1',
    });
    expect(eventOfRecord(record('INSERT', { ...eventImage, seatId: { NULL: true } }))).toEqual({
      id: '01K00000000000000000000001',
      accountId: 'acc-1',
      seatId: null,
    });
  });

  it('gives the audience of an event meant for one stream only', () => {
    const image = { ...eventImage, seatId: { S: 'seat-1' }, audience: { S: 'guardians' } };
    expect(eventOfRecord(record('INSERT', image))).toMatchObject({ seatId: 'seat-1', audience: 'guardians' });
  });

  it('drops updates, removals, other items and records it cannot read', () => {
    expect(isEventInsert(record('MODIFY', eventImage))).toBe(false);
    expect(isEventInsert(record('INSERT', { ...eventImage, type: { S: 'SEAT' } }))).toBe(false);
    expect(eventOfRecord(record('REMOVE', eventImage))).toBeNull();
    expect(eventOfRecord(record('INSERT', { type: { S: itemTypes.event } }))).toBeNull();
    expect(eventOfRecord('not a record')).toBeNull();
  });
});

describe('the content shredding’s filter', () => {
  const seatImage = (dataKeyId: unknown) => ({
    type: { S: itemTypes.seat },
    seatId: { S: '01SEAT' },
    status: { S: 'active' },
    ...(dataKeyId === undefined ? {} : { dataKeyId }),
  });
  const change = (eventName: string, before: unknown, after: unknown) => ({
    eventName,
    dynamodb: {
      ...(before === undefined ? {} : { OldImage: before }),
      ...(after === undefined ? {} : { NewImage: after }),
    },
  });

  it('keeps a seat whose data key was destroyed (set to null, dropped, or the item removed)', () => {
    const wrapped = { S: 'key-1' };
    expect(seatOfDestroyedKey(change('MODIFY', seatImage(wrapped), seatImage({ NULL: true })))).toBe(
      '01SEAT',
    );
    expect(seatOfDestroyedKey(change('MODIFY', seatImage(wrapped), seatImage(undefined)))).toBe('01SEAT');
    expect(seatOfDestroyedKey(change('REMOVE', seatImage(wrapped), undefined))).toBe('01SEAT');
  });

  it('drops every other write: a new key, a key kept, a seat that never had one, other items', () => {
    const wrapped = { S: 'key-1' };
    expect(seatOfDestroyedKey(change('INSERT', undefined, seatImage(wrapped)))).toBeNull();
    expect(seatOfDestroyedKey(change('MODIFY', seatImage({ NULL: true }), seatImage(wrapped)))).toBeNull();
    expect(seatOfDestroyedKey(change('MODIFY', seatImage(wrapped), seatImage(wrapped)))).toBeNull();
    expect(seatOfDestroyedKey(change('MODIFY', seatImage(wrapped), seatImage({ S: 'new-key' })))).toBeNull();
    expect(
      seatOfDestroyedKey(change('MODIFY', seatImage({ NULL: true }), seatImage({ NULL: true }))),
    ).toBeNull();
    const event = { type: { S: itemTypes.event }, dataKeyId: wrapped, seatId: { S: '01SEAT' } };
    expect(seatOfDestroyedKey(change('MODIFY', event, { ...event, dataKeyId: { NULL: true } }))).toBeNull();
    expect(seatOfDestroyedKey('not a record')).toBeNull();
  });
});
