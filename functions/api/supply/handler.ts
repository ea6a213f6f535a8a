import { authenticateOperator } from '../../../shared/app/operators/operators';
import { auditedRead, listTarget } from '../../../shared/app/operators/audited-read';
import {
  placeOrder,
  quoteSupply,
  renewOrder,
  supplyBalance,
  supplyCeilings,
  supplyRenewals,
  supplyValidity,
} from '../../../shared/app/supply/supply';
import type { Operator } from '../../../shared/domain/operators/roster';
import { created, ok, operatorOperation } from '../../../shared/http/operation';
import { apiHandler } from '../api-handler';
import { supplyDeps } from './deps';
import { requests } from './schemas';

/** An operator's read of the supply, answered and audited (`read:supply-<what>`). */
const read = async <T>(operator: Operator, what: string, run: () => Promise<T>) =>
  ok(
    await auditedRead(
      supplyDeps,
      operator,
      { what: `supply-${what}`, target: listTarget(`supply-${what}`) },
      run,
    ),
  );

export const handler = apiHandler(
  'supply',
  {
    quoteSupply: operatorOperation({
      ...requests.quoteSupply,
      run: async ({ body }, operator) => created(await quoteSupply(supplyDeps, operator, body)),
    }),
    placeSupplyOrder: operatorOperation({
      ...requests.placeSupplyOrder,
      run: async ({ body }, operator) => created(await placeOrder(supplyDeps, operator, body.quoteUid)),
    }),
    renewSupplyOrder: operatorOperation({
      ...requests.renewSupplyOrder,
      run: async ({ params, body }, operator) =>
        ok(await renewOrder(supplyDeps, operator, params.uid, body.quoteUid)),
    }),
    readSupplyBalance: operatorOperation({
      run: async (_, operator) => read(operator, 'balance', () => supplyBalance(supplyDeps)),
    }),
    listSupplyRenewals: operatorOperation({
      run: async (_, operator) => read(operator, 'renewals', () => supplyRenewals(supplyDeps)),
    }),
    listSupplyValidity: operatorOperation({
      run: async (_, operator) => read(operator, 'validity', () => supplyValidity(supplyDeps)),
    }),
    readSupplyCeilings: operatorOperation({
      run: async (_, operator) => read(operator, 'ceilings', () => supplyCeilings(supplyDeps)),
    }),
  },
  (token) => authenticateOperator(supplyDeps, token),
);
