import { describe, expect, it } from 'vitest';
import { eventually, lastRead } from '../../support/eventually';

describe('the one waiting helper', () => {
  it('answers the first value that is accepted', async () => {
    let reads = 0;
    const value = await eventually(
      () => ++reads,
      (n) => n === 3,
      'the third read',
      { everyMs: 1 },
    );
    expect(value).toBe(3);
  });

  it('fails after its deadline, naming what it waited for and the last value', async () => {
    await expect(
      eventually(
        () => 'no',
        (v) => v === 'yes',
        'a yes',
        { deadlineMs: 20, everyMs: 5 },
      ),
    ).rejects.toThrow('timed out waiting for a yes: "no"');
  });

  it('lastRead answers the last value when the deadline passes', async () => {
    expect(
      await lastRead(
        () => 'no',
        (v) => v === 'yes',
        { deadlineMs: 20, everyMs: 5 },
      ),
    ).toBe('no');
  });
});
