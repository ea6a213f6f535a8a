import { fail } from '../../domain/errors';
import { requireOwner } from '../../domain/family/member';
import {
  checkCampaign,
  openSubscription,
  subscriptionView,
  type Subscription,
} from '../../domain/family/subscription';
import type { Caller, Deps } from '../deps';
import { apiEvent } from '../event-sources';
import { familyOf } from '../family-access';
import { retryOnConflict } from '../retry-on-conflict';

/**
 * `POST /accounts/{uid}/subscription` (owner): opens it explicitly; 409 if one exists (also when
 * another request, or a first activation, opened it a moment ago).
 */
export const createSubscription = async (
  deps: Pick<Deps, 'families' | 'ids' | 'clock' | 'settings'>,
  caller: Caller,
  accountUid: string,
  input: { interval: Subscription['interval']; campaignCode?: string | undefined },
) =>
  retryOnConflict(async () => {
    const { family, member } = await familyOf(deps, caller, accountUid);
    requireOwner(member);
    if (family.subscription !== null)
      throw fail('CONFLICT', undefined, 'The account already has a subscription.');
    const campaignCode = input.campaignCode ?? null;
    checkCampaign(campaignCode, deps.settings.campaigns, null);
    const subscription = openSubscription({ interval: input.interval, campaignCode, now: deps.clock.now() });
    await deps.families.openSubscription(family.account, subscription, [
      apiEvent(deps, { type: 'subscription.opened', accountId: accountUid, payload: { status: 'trialing' } }),
    ]);
    return subscriptionView(subscription);
  });

/** `GET /accounts/{uid}/subscription`: 404 until the first activation or an explicit opening. */
export const getSubscription = async (deps: Pick<Deps, 'families'>, caller: Caller, accountUid: string) => {
  const { family } = await familyOf(deps, caller, accountUid);
  if (family.subscription === null) throw fail('NOT_FOUND', undefined, 'The account has no subscription.');
  return subscriptionView(family.subscription);
};
