import type { BackofficeLists } from '../../ports/operators';
import { instantPage } from './instant-page';

/**
 * `GET /admin/accounts` (operator or owner): accounts newest first, 30 per page unless asked (at
 * most 100), by the created_at+id cursor kind. The account's name is the family's own words (often
 * a surname, the person's too), so the row shows the uid and the instant only.
 */
export const listAllAccounts = async (
  deps: { lists: BackofficeLists },
  query: { cursor?: string | undefined; limit: number },
) => {
  const { page, nextCursor } = await instantPage(
    { list: 'accounts', ...query },
    (after) => deps.lists.accounts({ after, limit: query.limit }),
    (account) => ({ at: account.createdAt, id: account.uid }),
  );
  return { accounts: page.map(({ uid, createdAt }) => ({ uid, createdAt })), nextCursor };
};

/**
 * `GET /admin/subscriptions` (operator or owner): each account's subscription, newest first, 30 per
 * page unless asked (at most 100), by the created_at+id cursor kind.
 */
export const listSubscriptions = async (
  deps: { lists: BackofficeLists },
  query: { cursor?: string | undefined; limit: number },
) => {
  const { page, nextCursor } = await instantPage(
    { list: 'subscriptions', ...query },
    (after) => deps.lists.subscriptions({ after, limit: query.limit }),
    ({ accountUid, subscription }) => ({ at: subscription.createdAt, id: accountUid }),
  );
  return {
    subscriptions: page.map(({ accountUid, subscription }) => ({
      accountUid,
      status: subscription.status,
      interval: subscription.interval,
      campaignCode: subscription.campaignCode,
      trialEndsAt: subscription.trialEndsAt,
      createdAt: subscription.createdAt,
    })),
    nextCursor,
  };
};
