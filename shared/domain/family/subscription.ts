import { fail } from '../errors';

/** The account's subscription: opened in `trialing` at the first activation, or explicitly. */
export interface Subscription {
  status: 'trialing';
  interval: 'monthly' | 'yearly';
  campaignCode: string | null;
  /** The account's trial is the first connected seat's: set when that seat first pairs. */
  trialEndsAt: string | null;
  createdAt: string;
  /** Activations and the first pairing change it at the same time: writes are conditional on it. */
  version: number;
}

export type Campaigns = Readonly<Record<string, { percentOff: number }>>;

/** A campaign code must exist, and an account applies each code once. */
export const checkCampaign = (
  code: string | null,
  campaigns: Campaigns,
  subscription: Subscription | null,
): void => {
  if (code === null) return;
  if (campaigns[code] === undefined) throw fail('CAMPAIGN_NOT_FOUND');
  if (subscription?.campaignCode === code) throw fail('CAMPAIGN_ALREADY_APPLIED');
};

export const openSubscription = (fields: {
  interval: Subscription['interval'];
  campaignCode: string | null;
  now: Date;
}): Subscription => ({
  status: 'trialing',
  interval: fields.interval,
  campaignCode: fields.campaignCode,
  trialEndsAt: null,
  createdAt: fields.now.toISOString(),
  version: 0,
});

/** The first seat that connects gives the account its trial; later seats leave it. */
export const adoptTrial = (subscription: Subscription | null, trialEndsAt: string): Subscription | null =>
  subscription === null || subscription.trialEndsAt !== null ? null : { ...subscription, trialEndsAt };

/** The subscription as clients read it: its version is the table's concern. */
export const subscriptionView = ({ version: _, ...subscription }: Subscription) => subscription;
