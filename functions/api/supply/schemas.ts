import * as z from '../../../shared/validation/z';
import { uidParam } from '../../../shared/http/fields';
import type { GroupRequests } from '../contract';

const code = z.string().check(z.minLength(1), z.maxLength(64));
export const quoteBody = z.strictObject({
  supplier: code,
  product: code,
  quantity: z.int().check(z.gte(1), z.lte(1000)),
  days: z.int().check(z.gte(1), z.lte(366)),
  /** The order to extend (a renewal's quote). */
  extends: z.optional(uidParam),
});
export const spendQuoteBody = z.strictObject({ quoteUid: uidParam });

/** The schemas each proxy-supply operation validates with, keyed by the route table's operation names. */
export const requests = {
  quoteSupply: { body: quoteBody },
  placeSupplyOrder: { body: spendQuoteBody },
  renewSupplyOrder: { params: z.object({ uid: uidParam }), body: spendQuoteBody },
  readSupplyBalance: {},
  listSupplyRenewals: {},
  listSupplyValidity: {},
  readSupplyCeilings: {},
} satisfies GroupRequests<'supply'>;
