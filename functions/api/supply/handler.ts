import { authenticateOperator } from '../../../shared/app/operators/operators';
import { auditedRead, listTarget } from '../../../shared/app/operators/audited-read';
import {
  placeSupplyOrder,
  quoteSupply,
  renewSupplyOrder,
  readSupplyBalance,
  readSupplyCeilings,
  listSupplyRenewals,
  listSupplyValidity,
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
      run: async ({ body }, operator) => created(await placeSupplyOrder(supplyDeps, operator, body.quoteUid)),
    }),
    renewSupplyOrder: operatorOperation({
      ...requests.renewSupplyOrder,
      run: async ({ params, body }, operator) =>
        ok(await renewSupplyOrder(supplyDeps, operator, params.uid, body.quoteUid)),
    }),
    readSupplyBalance: operatorOperation({
      run: async (_, operator) => read(operator, 'balance', () => readSupplyBalance(supplyDeps)),
    }),
    listSupplyRenewals: operatorOperation({
      run: async (_, operator) => read(operator, 'renewals', () => listSupplyRenewals(supplyDeps)),
    }),
    listSupplyValidity: operatorOperation({
      run: async (_, operator) => read(operator, 'validity', () => listSupplyValidity(supplyDeps)),
    }),
    readSupplyCeilings: operatorOperation({
      run: async (_, operator) => read(operator, 'ceilings', () => readSupplyCeilings(supplyDeps)),
    }),
  },
  (token) => authenticateOperator(supplyDeps, token),
);
