import { describe, expect, it } from 'vitest';
import { partitions, steps, tableGrants } from '../../../infra/table-grants';

describe('a row’s table grants', () => {
  it('give each partition exactly the actions its steps name, partitions with the same actions in one grant', () => {
    expect(
      tableGrants([
        steps.readsFamily,
        { [partitions.family]: ['PutItem'], [partitions.events]: ['PutItem'] },
        { [partitions.inbox]: ['GetItem'] },
      ]),
    ).toEqual([
      { actions: ['dynamodb:Query', 'dynamodb:PutItem'], partitions: ['ACCOUNT#*'] },
      { actions: ['dynamodb:PutItem'], partitions: ['EVENTS#*'] },
      { actions: ['dynamodb:GetItem'], partitions: ['INBOX#*'] },
    ]);
  });

  it('grant a Query of an index on that index only, for the index partitions queried', () => {
    expect(tableGrants([], { GSI3: ['PROXYBINDINGS#*'] })).toEqual([
      { actions: ['dynamodb:Query'], indexes: ['GSI3'], partitions: ['PROXYBINDINGS#*'] },
    ]);
  });

  it('name a rule’s rate windows by the key builder’s prefix', () => {
    expect(steps.countsRate('otp_*')).toEqual({ 'RATE#otp_*#*': ['UpdateItem', 'PutItem'] });
  });
});
