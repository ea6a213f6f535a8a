import { randomUUID } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import * as z from '../../shared/validation/z';

/**
 * The proxy-supplier simulator (docs/proxy-supply.md), at `SUPPLIER_PORT`: the suppliers' HTTP API
 * as test/fixtures/providers/proxy-supplier-openapi.json describes it, and the addresses it sells
 * really take proxy connections on loopback (each comes from `openProxy`). Like a supplier it
 * prices `quantity × days × unit price`, honours a quote until it expires, and answers the same
 * order (or renewal) again for a quote already spent. Controls:
 * - `GET /_sim/orders` lists what it sold: id, product, quantity, expiry, addresses;
 * - `POST /_sim/quotes/expire` makes every quote it gave expire now (a test cannot wait ten minutes).
 */
const quoteBody = z.strictObject({
  product: z.string().check(z.minLength(1)),
  quantity: z.int().check(z.gte(1)),
  days: z.int().check(z.gte(1)),
  renews: z.optional(z.string().check(z.minLength(1))),
});
const spendBody = z.strictObject({ quoteId: z.string().check(z.minLength(1)) });

export interface ProxySupplierSimulatorOptions {
  port: number;
  /** The key callers must send as `Authorization: Bearer <key>`. */
  apiKey: string;
  /** The products it sells and their price per proxy and day, in minor units. */
  unitPrices?: Readonly<Record<string, number>>;
  /** How long a quote is honoured. */
  quoteTtlSeconds?: number;
  /** Opens one address that accepts proxy connections (`http://host:port`). */
  openProxy: () => Promise<string>;
}

interface SimQuote {
  id: string;
  product: string;
  quantity: number;
  days: number;
  renews: string | null;
  price: number;
  expiresAt: string;
  /** The order (or renewal answer) it bought, once spent. */
  spentOn: { status: number; body: unknown } | null;
}
interface SimOrder {
  id: string;
  quoteId: string;
  product: string;
  quantity: number;
  expiresAt: string;
  proxies: { address: string }[];
}

const dayMs = 24 * 3600 * 1000;
const json = (response: ServerResponse, status: number, body: unknown) =>
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
const refusal = (code: string, message: string) => ({ error: { code, message } });

export const defaultUnitPrices = { 'br-residential': 100, 'br-mobile': 250 } as const;

export const startProxySupplierSimulator = async (
  options: ProxySupplierSimulatorOptions,
): Promise<Server> => {
  const unitPrices: Readonly<Record<string, number>> = options.unitPrices ?? defaultUnitPrices;
  const quoteTtlMs = (options.quoteTtlSeconds ?? 600) * 1000;
  const quotes = new Map<string, SimQuote>();
  const orders = new Map<string, SimOrder>();

  const quote = (raw: unknown) => {
    const parsed = quoteBody.safeParse(raw);
    if (!parsed.success)
      return { status: 400, body: refusal('invalid', 'expected { product, quantity, days, renews? }') };
    const { product, quantity, days, renews } = parsed.data;
    const unitPrice = unitPrices[product];
    if (unitPrice === undefined) return { status: 422, body: refusal('unknown_product', 'No such product.') };
    const renewed = renews === undefined ? undefined : orders.get(renews);
    if (renews !== undefined && renewed === undefined)
      return { status: 404, body: refusal('unknown_order', 'No such order.') };
    if (renewed !== undefined && (renewed.product !== product || renewed.quantity !== quantity))
      return {
        status: 409,
        body: refusal('not_a_renewal', 'A renewal keeps the order’s product and quantity.'),
      };
    const made: SimQuote = {
      id: `q_${randomUUID()}`,
      product,
      quantity,
      days,
      renews: renews ?? null,
      price: quantity * days * unitPrice,
      expiresAt: new Date(Date.now() + quoteTtlMs).toISOString(),
      spentOn: null,
    };
    quotes.set(made.id, made);
    const { id, price, expiresAt } = made;
    return {
      status: 201,
      body: {
        id,
        product,
        quantity,
        days,
        ...(renews === undefined ? {} : { renews }),
        price,
        currency: 'BRL',
        expiresAt,
      },
    };
  };

  /** A quote that can buy: known, not expired (a spent one answers what it bought). */
  const spendable = (raw: unknown): SimQuote | { status: number; body: unknown } => {
    const parsed = spendBody.safeParse(raw);
    if (!parsed.success) return { status: 400, body: refusal('invalid', 'expected { quoteId }') };
    const found = quotes.get(parsed.data.quoteId);
    if (found === undefined)
      return { status: 410, body: refusal('quote_expired', 'No such quote, or it expired.') };
    if (found.spentOn === null && Date.parse(found.expiresAt) <= Date.now())
      return { status: 410, body: refusal('quote_expired', 'The quote expired.') };
    return found;
  };

  const order = async (raw: unknown) => {
    const found = spendable(raw);
    if (!('id' in found)) return found;
    if (found.spentOn !== null) return { status: 200, body: found.spentOn.body };
    if (found.renews !== null)
      return { status: 409, body: refusal('not_a_renewal', 'This quote renews an order.') };
    const proxies = [];
    for (let index = 0; index < found.quantity; index += 1)
      proxies.push({ address: await options.openProxy() });
    const made: SimOrder = {
      id: `o_${randomUUID()}`,
      quoteId: found.id,
      product: found.product,
      quantity: found.quantity,
      expiresAt: new Date(Date.now() + found.days * dayMs).toISOString(),
      proxies,
    };
    orders.set(made.id, made);
    const body = { id: made.id, quoteId: found.id, expiresAt: made.expiresAt, proxies };
    found.spentOn = { status: 201, body };
    return { status: 201, body };
  };

  const renew = (orderId: string, raw: unknown) => {
    const renewed = orders.get(orderId);
    if (renewed === undefined) return { status: 404, body: refusal('unknown_order', 'No such order.') };
    const found = spendable(raw);
    if (!('id' in found)) return found;
    if (found.renews !== orderId)
      return { status: 409, body: refusal('not_a_renewal', 'This quote does not renew this order.') };
    if (found.spentOn !== null) return { status: 200, body: found.spentOn.body };
    renewed.expiresAt = new Date(
      Math.max(Date.parse(renewed.expiresAt), Date.now()) + found.days * dayMs,
    ).toISOString();
    const body = { id: renewed.id, expiresAt: renewed.expiresAt };
    found.spentOn = { status: 200, body };
    return { status: 200, body };
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
      const answer = (work: { status: number; body: unknown } | Promise<{ status: number; body: unknown }>) =>
        void Promise.resolve(work).then(
          (done) => json(response, done.status, done.body),
          () => json(response, 500, refusal('internal', 'The simulator failed.')),
        );
      if (request.method === 'GET' && path === '/_sim/orders')
        return json(response, 200, [...orders.values()]);
      if (request.method === 'POST' && path === '/_sim/quotes/expire') {
        const now = new Date().toISOString();
        for (const one of quotes.values()) if (one.spentOn === null) one.expiresAt = now;
        return json(response, 200, { expired: quotes.size });
      }
      if (!path.startsWith('/v1/')) return json(response, 404, refusal('not_found', 'Unknown path.'));
      if (request.headers['authorization'] !== `Bearer ${options.apiKey}`)
        return json(response, 401, refusal('unauthorized', 'Unknown or missing key.'));
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
      } catch {
        return json(response, 400, refusal('invalid', 'The body is not JSON.'));
      }
      if (request.method === 'POST' && path === '/v1/quotes') return answer(quote(body));
      if (request.method === 'POST' && path === '/v1/orders') return answer(order(body));
      const renewal = /^\/v1\/orders\/([^/]+)\/renewals$/.exec(path);
      if (request.method === 'POST' && renewal !== null)
        return answer(renew(decodeURIComponent(renewal[1] ?? ''), body));
      return json(response, 404, refusal('not_found', 'Unknown path.'));
    });
  });
  await new Promise<void>((done) => server.listen(options.port, '127.0.0.1', done));
  return server;
};
