import { describe, expect, it } from 'vitest';
import { dataKeyChange } from '../../../../shared/app/seats/data-keys';

describe('what a seat write does to its data key’s wrapped copy', () => {
  const made = { id: 'key-2', wrappedKey: 'wrapped-2' };

  it('nothing while the seat names the same key, or none before and after', () => {
    expect(dataKeyChange({ dataKeyId: 'key-1' }, { dataKeyId: 'key-1' })).toEqual({});
    expect(dataKeyChange({ dataKeyId: null }, { dataKeyId: null }, made)).toEqual({});
  });

  it('destroys it when the seat names a key no more (a stop, an archive)', () => {
    expect(dataKeyChange({ dataKeyId: 'key-1' }, { dataKeyId: null })).toEqual({
      dataKey: { kind: 'destroyed' },
    });
  });

  it('puts the new key’s wrapped copy when the seat names the key just made', () => {
    expect(dataKeyChange({ dataKeyId: null }, { dataKeyId: 'key-2' }, made)).toEqual({
      dataKey: { kind: 'made', wrappedKey: 'wrapped-2' },
    });
  });

  it('refuses a seat that names a key nobody made: its copy would be missing', () => {
    expect(() => dataKeyChange({ dataKeyId: null }, { dataKeyId: 'key-3' }, made)).toThrow();
    expect(() => dataKeyChange({ dataKeyId: null }, { dataKeyId: 'key-3' })).toThrow();
  });
});
