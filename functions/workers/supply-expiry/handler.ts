import { cryptoIds } from '../../../shared/adapters/crypto/node-crypto';
import { createTableAccess } from '../../../shared/adapters/dynamo/client';
import { dynamoProxyPool } from '../../../shared/adapters/dynamo/proxy-pool';
import { dynamoSupplyStore } from '../../../shared/adapters/dynamo/supply.store';
import { scheduleTargets } from '../../../shared/adapters/scheduler/schedule-targets';
import { warnExpiringOrders } from '../../../shared/app/supply/supply';
import { config } from '../../../shared/config/config';
import { systemClock } from '../../../shared/ports/clock';
import { logger } from '../logger';

/**
 * The daily proxy-supply check (infra/consumers.ts, `supplyExpiry`): operators are warned of each
 * order expiring within 7 days, once per expiry, by an audit entry and a log line the
 * `ProxyOrdersExpiring` metric counts; the valid orders' proxies are registered in the pool (a
 * purchase whose process died before it did). It calls no supplier, so it never reads their keys.
 */
const settings = config();
const table = createTableAccess({
  tableName: settings.TABLE_NAME,
  region: settings.AWS_REGION,
  endpoint: settings.DYNAMODB_ENDPOINT,
});
const deps = {
  clock: systemClock,
  ids: cryptoIds(),
  supply: dynamoSupplyStore(table),
  pool: dynamoProxyPool(table),
  proxyCapacity: settings.SUPPLIED_PROXY_CAPACITY,
};

export const handler = async (event: unknown): Promise<{ warned: number }> => {
  scheduleTargets.supplyExpiry.payload.parse(event ?? {});
  const warned = await warnExpiringOrders(deps);
  for (const { order, daysLeft } of warned)
    logger.warn('supply.order_expiring', {
      outcome: 'order_expiring',
      orderUid: order.uid,
      supplier: order.supplier,
      expiresAt: order.expiresAt,
      daysLeft,
    });
  return { warned: warned.length };
};
