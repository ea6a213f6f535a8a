/**
 * Money as every answer gives it (decisions.md): an integer amount in the currency's minor unit
 * (centavos) and its currency. The service has one currency: the configured prices and the
 * suppliers' budgets are in it, so records may keep bare amounts and answers wrap them here.
 */
export const serviceCurrency = 'BRL';

export interface Money {
  amount: number;
  currency: typeof serviceCurrency;
}

/** An amount in minor units of the service's currency, as an answer gives it. */
export const money = (amount: number): Money => ({ amount, currency: serviceCurrency });
