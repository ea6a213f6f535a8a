import { scheduleTargets } from '../../../shared/adapters/scheduler/schedule-targets';
import { observed } from '../../../shared/adapters/lambda/observability';
import { warnExpiringOrders } from '../../../shared/app/supply/supply';
import { logger, supplyExpiryWiring } from '../../composition/workers';

const { deps } = supplyExpiryWiring();

/**
 * The daily proxy-supply check (infra/consumers.ts, `supplyExpiry`): operators are warned of each
 * order expiring within 7 days, once per expiry, by an audit entry and a log line the
 * `ProxyOrdersExpiring` metric counts; the valid orders' proxies are registered in the pool (a
 * purchase whose process died before it did). It calls no supplier, so it never reads their keys.
 */
const handle = async (event: unknown): Promise<{ warned: number }> => {
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

export const handler = observed(handle);
