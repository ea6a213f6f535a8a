import { configFor } from '../../../shared/config/config';
import { cryptoIds } from '../../../shared/adapters/crypto/node-crypto';
import { dynamoAuditTrail, dynamoRosterStore } from '../../../shared/adapters/dynamo/operators.store';
import { dynamoProxyPool } from '../../../shared/adapters/dynamo/proxy-pool';
import { dynamoSupplyStore } from '../../../shared/adapters/dynamo/supply.store';
import { httpProxySuppliers } from '../../../shared/adapters/proxy-supplier/http-supplier';
import { loadSupplierKeys } from '../../../shared/adapters/proxy-supplier/supplier-keys';
import type { SupplyDeps } from '../../../shared/app/supply/supply';
import type { OperatorDeps } from '../../../shared/app/operators/operators';
import { lazy } from '../../../shared/lazy';
import { systemClock } from '../../../shared/ports/clock';
import { configuredOperatorTokens } from '../operator-tokens';
import { settings, table } from '../runtime';

/**
 * The proxy supply's own function: operators' tokens and the roster (who may call), the audit
 * trail, the supply's records, the pool its orders add to, and the suppliers with their keys (the
 * supplier secret only this group and the expiry check may read).
 */
const { operators } = configFor('operators');

export const supplierKeys = lazy(() => loadSupplierKeys(settings));

export const supplyDeps: SupplyDeps & Pick<OperatorDeps, 'operatorTokens' | 'roster' | 'auditTrail'> = {
  clock: systemClock,
  ids: cryptoIds(),
  operatorTokens: configuredOperatorTokens(operators),
  roster: dynamoRosterStore(table),
  auditTrail: dynamoAuditTrail(table),
  supply: dynamoSupplyStore(table),
  suppliers: httpProxySuppliers(supplierKeys, settings.PROXY_SUPPLIER_TIMEOUT_MS),
  catalog: settings.PROXY_SUPPLIERS_JSON,
  proxyCapacity: settings.SUPPLIED_PROXY_CAPACITY,
  pool: dynamoProxyPool(table, settings.PROXIES_JSON),
};
