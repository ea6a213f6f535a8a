import { operatorAccess } from '../../../shared/app/operators/operators';
import { recordRead } from '../../../shared/app/operators/audited-read';
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
import { created, ok, operatorOperation, operatorReadOperation } from '../../../shared/http/operation';
import { apiHandler } from '../api-handler';
import { supplyWiring } from '../../composition/api';
import { requests } from './schemas';

const { supplyDeps } = supplyWiring();

/** An operator's read of the supply, answered once audited (`read:supply-<what>`). */
const read = <T>(what: string, run: () => Promise<T>) =>
  operatorReadOperation({
    read: run,
    audit: (operator: Operator) => recordRead(supplyDeps, operator, `supply-${what}`),
  });

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
    readSupplyBalance: read('balance', () => readSupplyBalance(supplyDeps)),
    listSupplyRenewals: read('renewals', () => listSupplyRenewals(supplyDeps)),
    listSupplyValidity: read('validity', () => listSupplyValidity(supplyDeps)),
    readSupplyCeilings: read('ceilings', () => readSupplyCeilings(supplyDeps)),
  },
  operatorAccess(supplyDeps),
);
