import { money, type Money } from '../money';

/** The catalog (`GET /catalog`): prices come from configuration; items freeze today's price. */

export const serviceCodes = ['seat', 'channel.chat'] as const;
export type ServiceCode = (typeof serviceCodes)[number];

export interface CatalogService {
  code: ServiceCode;
  price: Money;
  trialDays: number;
  trialStartsOn: 'first_connection';
  trialLabel: string;
}

export interface Catalog {
  services: CatalogService[];
  trialDays: number;
  trialStartsOn: 'first_connection';
  trialLabel: string;
}

export interface PriceList {
  seat: number;
  'channel.chat': number;
}

export const trialLabel = (trialDays: number): string =>
  `${trialDays} ${trialDays === 1 ? 'day' : 'days'} free, starting at the first connection`;

export const buildCatalog = (prices: PriceList, trialDays: number): Catalog => {
  const label = trialLabel(trialDays);
  return {
    services: serviceCodes.map((code) => ({
      code,
      price: money(prices[code]),
      trialDays,
      trialStartsOn: 'first_connection',
      trialLabel: label,
    })),
    trialDays,
    trialStartsOn: 'first_connection',
    trialLabel: label,
  };
};

export const priceOf = (prices: PriceList, code: ServiceCode): Money => money(prices[code]);
