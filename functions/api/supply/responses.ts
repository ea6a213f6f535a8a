import * as z from '../../../shared/validation/z';
import type { GroupResponses } from '../contract';
import { count, instant, money } from '../answers';

const quote = z.strictObject({
  uid: z.string(),
  supplier: z.string(),
  product: z.string(),
  quantity: count,
  days: count,
  extends: z.nullable(z.string()),
  price: money,
  expiresAt: instant,
});
const order = z.strictObject({
  uid: z.string(),
  supplier: z.string(),
  product: z.string(),
  quantity: count,
  createdAt: instant,
  expiresAt: instant,
  status: z.enum(['valid', 'expired']),
  /** The labels its proxies have in the pool. */
  proxies: z.array(z.string()),
  /** What it cost: its purchase, then each renewal, in the order they were made. */
  payments: z.array(z.strictObject({ at: instant, price: money })),
});
const prices =
  'Prices and budgets are `Money`: an integer `amount` in minor units (centavos) and its `currency`.';
const overBudget =
  "`BUDGET_EXCEEDED` gives `details: { monthlyBudget, spent, price }`, each `Money`: the month's budget, what was spent in it, the price refused.";
const audited = 'Audited: the entry names the operator and the quote or order.';

export const responses = {
  quoteSupply: {
    summary: "A supplier's quote for new proxies, or for extending an order (`extends`)",
    description: `Checked before it is kept: the supplier configured (\`PROVIDER_UNKNOWN\`) and with its credentials (\`PROVIDER_NOT_CONFIGURED\`), the product allowed, the ceilings (\`TOO_MANY\`: more than \`maxPerOrder\`, or more than \`maxProxies\` held in all; an extension holds no more) and the month's budget. An extension names an order of that supplier, product and quantity (\`ORDER_UNKNOWN\`, \`QUOTE_NOT_AN_EXTENSION\`). ${prices} ${overBudget} ${audited}`,
    success: { 201: { data: quote } },
    errors: [
      'PROVIDER_UNKNOWN',
      'PROVIDER_NOT_CONFIGURED',
      'PRODUCT_NOT_ALLOWED',
      'TOO_MANY',
      'BUDGET_EXCEEDED',
      'ORDER_UNKNOWN',
      'QUOTE_NOT_AN_EXTENSION',
    ],
  },
  placeSupplyOrder: {
    summary: 'Buy what a quote priced: the order and its new proxies, added to the pool',
    description: `A quote buys once, before its \`expiresAt\` (\`QUOTE_EXPIRED\` otherwise). The ceilings and the budget are checked again on the supply as it is now. A quote made to extend an order is spent on that order's renewal (409 \`CONFLICT\` here). \`payments\` lists what the order cost. ${prices} ${overBudget} ${audited}`,
    success: {
      201: {
        data: z.strictObject({
          order,
          proxies: z.array(z.strictObject({ label: z.string(), capacity: count })),
        }),
      },
    },
    errors: [
      'QUOTE_EXPIRED',
      'TOO_MANY',
      'BUDGET_EXCEEDED',
      'PROVIDER_UNKNOWN',
      'PROVIDER_NOT_CONFIGURED',
      'CONFLICT',
    ],
  },
  renewSupplyOrder: {
    summary: 'Extend an order with a quote made for it',
    description: `\`ORDER_UNKNOWN\` for an unknown order, \`QUOTE_EXPIRED\` for a quote expired or spent, \`QUOTE_NOT_AN_EXTENSION\` when the quote does not extend that order; the month's budget is checked again; the renewal's price joins the order's \`payments\`. ${prices} ${overBudget} ${audited}`,
    success: { 200: { data: order } },
    errors: [
      'ORDER_UNKNOWN',
      'QUOTE_EXPIRED',
      'QUOTE_NOT_AN_EXTENSION',
      'BUDGET_EXCEEDED',
      'PROVIDER_UNKNOWN',
      'PROVIDER_NOT_CONFIGURED',
    ],
  },
  readSupplyBalance: {
    summary: "Each supplier's budget this month: spent and left",
    description: `Purchases and renewals count in the UTC month they were made. ${prices}`,
    success: {
      200: {
        data: z.strictObject({
          month: z.string(),
          suppliers: z.array(
            z.strictObject({ supplier: z.string(), monthlyBudget: money, spent: money, remaining: money }),
          ),
        }),
      },
    },
    errors: [],
  },
  listSupplyRenewals: {
    summary: 'Orders due for renewal: valid ones expiring within 7 days, soonest first',
    success: {
      200: {
        data: z.strictObject({
          renewals: z.array(
            z.strictObject({
              orderUid: z.string(),
              supplier: z.string(),
              product: z.string(),
              quantity: count,
              expiresAt: instant,
              daysLeft: count,
            }),
          ),
        }),
      },
    },
    errors: [],
  },
  listSupplyValidity: {
    summary: 'Every order and its validity, soonest expiry first',
    description: prices,
    success: { 200: { data: z.strictObject({ orders: z.array(order) }) } },
    errors: [],
  },
  readSupplyCeilings: {
    summary: "Each supplier's configured ceilings and budget, and the proxies it holds now",
    description: `\`configured\` says whether its credentials are in the supplier secret. ${prices}`,
    success: {
      200: {
        data: z.strictObject({
          suppliers: z.array(
            z.strictObject({
              supplier: z.string(),
              products: z.array(z.string()),
              monthlyBudget: money,
              maxProxies: count,
              maxPerOrder: count,
              held: count,
              configured: z.boolean(),
            }),
          ),
        }),
      },
    },
    errors: [],
  },
} satisfies GroupResponses<'supply'>;
