import { fail } from '../../domain/errors';
import type { Operator } from '../../domain/operators/roster';
import { decideProxyAction, type ProxyAction, type ProxyState } from '../../domain/pairing/proxy';
import type { AuditEntry } from '../../ports/operators';
import type { ProxyCheck } from '../../ports/proxy-check';
import type { ProxyBinding, ProxyPool } from '../../ports/proxies';
import type { EventQueue } from '../../ports/queue';
import * as z from '../../validation/z';
import { operatorAudit, type OperatorDeps } from '../operators/operators';
import { retryOnConflict } from '../retry-on-conflict';

/**
 * The backoffice's proxy pool: the addresses with their occupancy, adding one that really carries
 * traffic, burning one (its sessions are moved off by the burn worker) and retiring an empty one.
 * Every action writes its audit entry in the same write as the change.
 */
export interface ProxyAdminDeps extends Pick<OperatorDeps, 'clock' | 'ids'> {
  proxies: ProxyPool;
  proxyCheck: ProxyCheck;
  /** The burn worker's queue (infra/consumers.ts, `proxyBurns`). */
  proxyBurns: EventQueue;
}

/** What the burn worker is handed: the address whose sessions must move. */
export const proxyBurn = z.strictObject({ label: z.string().check(z.minLength(1)) });
export type ProxyBurn = z.infer<typeof proxyBurn>;

/** An address as the backoffice shows it (never its credentials: the address stays in the pool). */
export const proxyView = (proxy: ProxyState) => ({
  uid: proxy.uid,
  label: proxy.label,
  status: proxy.status,
  capacity: proxy.capacity,
  used: proxy.bound,
  expiresAt: proxy.expiresAt,
});
export type ProxyView = ReturnType<typeof proxyView>;

const proxyTarget = (proxy: Pick<ProxyState, 'uid'>): AuditEntry['target'] => ({
  kind: 'proxy',
  uid: proxy.uid,
});

/** `GET /admin/proxies`: every address, in label order. */
export const listProxies = async (deps: Pick<ProxyAdminDeps, 'proxies'>) => ({
  proxies: (await deps.proxies.list()).sort((a, b) => a.label.localeCompare(b.label)).map(proxyView),
});

const found = async (deps: Pick<ProxyAdminDeps, 'proxies'>, uid: string): Promise<ProxyState> => {
  const proxy = await deps.proxies.find(uid);
  if (proxy === null) throw fail('NOT_FOUND');
  return proxy;
};

/** `GET /admin/proxies/{uid}/bindings`: the sessions holding a slot of the address, oldest first. */
export const listProxyBindings = async (
  deps: Pick<ProxyAdminDeps, 'proxies'>,
  uid: string,
): Promise<{ bindings: ProxyBinding[] }> => {
  const proxy = await found(deps, uid);
  return { bindings: await deps.proxies.bindings(proxy.label) };
};

/** What the check's outcome refuses an address with. */
const checkRefusals = { unreachable: 'PROXY_UNREACHABLE', not_public: 'PROXY_ADDRESS_NOT_PUBLIC' } as const;

/**
 * `POST /admin/proxies`: 409 `CONFLICT` for a label the pool has (whatever its status), 422
 * `PROXY_ADDRESS_NOT_PUBLIC` for an address on the service's own machine or network (never dialled),
 * 422 `PROXY_UNREACHABLE` when no tunnel opens through the address; 201 with the new address, active.
 * Two operators adding the same label at once: one is added, the other answers 409.
 */
export const addProxy = async (
  deps: ProxyAdminDeps,
  operator: Operator,
  proxy: { label: string; address: string; capacity: number },
): Promise<ProxyView> => {
  if ((await deps.proxies.list()).some((known) => known.label === proxy.label)) throw fail('CONFLICT');
  const outcome = await deps.proxyCheck.check(proxy.address);
  if (outcome !== 'reached') throw fail(checkRefusals[outcome]);
  const uid = deps.ids.uid('px');
  const added = await deps.proxies.add(
    { ...proxy, uid, expiresAt: null },
    operatorAudit(deps, operator, 'proxy.added', proxyTarget({ uid })),
  );
  return proxyView(added);
};

const act = async (deps: ProxyAdminDeps, operator: Operator, uid: string, action: ProxyAction) =>
  retryOnConflict(async () => {
    const proxy = await found(deps, uid);
    const to = decideProxyAction(proxy, action);
    if (to === proxy.status) return proxy;
    await deps.proxies.setStatus(proxy, to, operatorAudit(deps, operator, `proxy.${to}`, proxyTarget(proxy)));
    return { ...proxy, status: to };
  });

/**
 * `POST /admin/proxies/{uid}/burn`: no new binding from now on, and the burn worker is handed the
 * address to move its sessions off. A repeated burn hands it again (the worker moves only what is
 * still there), so an operator can always finish one whose hand-over failed.
 */
export const burnProxy = async (
  deps: ProxyAdminDeps,
  operator: Operator,
  uid: string,
): Promise<ProxyView> => {
  const burned = await act(deps, operator, uid, 'burn');
  const burn: ProxyBurn = { label: burned.label };
  await deps.proxyBurns.send([{ body: JSON.stringify(burn) }]);
  return proxyView(burned);
};

/** `POST /admin/proxies/{uid}/retire`: out of the pool for good, once no session is bound (else 409). */
export const retireProxy = async (
  deps: ProxyAdminDeps,
  operator: Operator,
  uid: string,
): Promise<ProxyView> => proxyView(await act(deps, operator, uid, 'retire'));
