import { describe, expect, it } from 'vitest';
import { createSubscription, getSubscription } from '../../../../shared/app/accounts/subscription';
import { fakeWorld } from '../../../support/fakes/deps';
import { aFamily, aGuardian, eventTypes } from '../../../support/fakes/seed';

describe('createSubscription', () => {
  it('opens a trialing subscription with `subscription.opened`', async () => {
    const world = fakeWorld();
    const { accountUid, owner } = aFamily(world);
    const opened = await createSubscription(world.deps, owner, accountUid, {
      interval: 'monthly',
      campaignCode: 'WELCOME10',
    });
    expect(opened).toMatchObject({ status: 'trialing', interval: 'monthly' });
    expect(world.table.families.get(accountUid)?.subscription).toMatchObject({ campaignCode: 'WELCOME10' });
    expect(eventTypes(world)).toEqual(['subscription.opened']);
  });

  it('answers 409 CONFLICT when the account has one already', async () => {
    const world = fakeWorld();
    const { accountUid, owner } = aFamily(world);
    await createSubscription(world.deps, owner, accountUid, { interval: 'monthly' });
    await expect(
      createSubscription(world.deps, owner, accountUid, { interval: 'yearly' }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('answers 422 CAMPAIGN_NOT_FOUND for an unknown code and 403 to a guardian', async () => {
    const world = fakeWorld();
    const { accountUid, owner } = aFamily(world);
    await expect(
      createSubscription(world.deps, owner, accountUid, { interval: 'monthly', campaignCode: 'NOPE' }),
    ).rejects.toMatchObject({ code: 'CAMPAIGN_NOT_FOUND' });
    await expect(
      createSubscription(world.deps, aGuardian(world, accountUid), accountUid, { interval: 'monthly' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('getSubscription', () => {
  it('answers 404 until one is opened, then the subscription', async () => {
    const world = fakeWorld();
    const { accountUid, owner } = aFamily(world);
    await expect(getSubscription(world.deps, owner, accountUid)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await createSubscription(world.deps, owner, accountUid, { interval: 'monthly' });
    await expect(getSubscription(world.deps, owner, accountUid)).resolves.toMatchObject({
      status: 'trialing',
    });
  });
});
