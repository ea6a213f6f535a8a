import { describe, expect, it } from 'vitest';
import { eventOfRecord, isEventInsert } from '../../../shared/adapters/dynamo/stream-filter';
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

  it('drops updates, removals, other items and records it cannot read', () => {
    expect(isEventInsert(record('MODIFY', eventImage))).toBe(false);
    expect(isEventInsert(record('INSERT', { ...eventImage, type: { S: 'SEAT' } }))).toBe(false);
    expect(eventOfRecord(record('REMOVE', eventImage))).toBeNull();
    expect(eventOfRecord(record('INSERT', { type: { S: itemTypes.event } }))).toBeNull();
    expect(eventOfRecord('not a record')).toBeNull();
  });
});
