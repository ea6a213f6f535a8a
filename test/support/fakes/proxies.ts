import { createHash } from 'node:crypto';
import { bindingOrder, type ProxyState } from '../../../shared/domain/pairing/proxy';
import { proxyDelta } from '../../../shared/domain/operators/overview';
import { isOpenPairing } from '../../../shared/domain/pairing/pairing.transitions';
import type { ProxyBinding, ProxyPool } from '../../../shared/ports/proxies';
import type { ProxyCheck, ProxyCheckOutcome } from '../../../shared/ports/proxy-check';
import { requireThat, transaction, type FakeTable } from './table';

/** A configured address's uid, derived from its label as the pool's (`proxyUidOf`). */
const uidOf = (label: string) => `px_${createHash('sha256').update(label).digest('base64url').slice(0, 22)}`;

/**
 * The pool in the table (`dynamoProxyPool`): a slot is taken only from an active address with room,
 * a status moves only from the one read (a retire only when empty), each action with its audit
 * entry. `bindings` lists the seats whose open pairing names the address (the
 * connection rows' sparse index).
 */
export const fakeProxyPool = (table: FakeTable): ProxyPool => ({
  register: async (addresses) => {
    for (const proxy of addresses)
      if (!table.proxies.has(proxy.label)) {
        table.proxies.set(proxy.label, {
          ...proxy,
          uid: uidOf(proxy.label),
          status: 'active',
          bound: 0,
          expiresAt: proxy.expiresAt ?? null,
        });
        // A new address is counted active in the overview with its registration.
        table.overview.push(proxyDelta(null, 'active'));
      }
  },
  add: async (proxy, audit) => {
    const added: ProxyState = { ...proxy, status: 'active', bound: 0, expiresAt: proxy.expiresAt ?? null };
    transaction(
      [() => requireThat(!table.proxies.has(proxy.label), `label ${proxy.label} taken`)],
      [
        () => table.proxies.set(proxy.label, structuredClone(added)),
        () => table.overview.push(proxyDelta(null, 'active')),
        () => table.audit.push(structuredClone(audit)),
      ],
    );
    return structuredClone(added);
  },
  list: async () => structuredClone([...table.proxies.values()]),
  find: async (uid) =>
    structuredClone([...table.proxies.values()].find((proxy) => proxy.uid === uid) ?? null),
  bind: async () => {
    const chosen = bindingOrder([...table.proxies.values()])[0];
    if (chosen === undefined) return null;
    chosen.bound += 1;
    return structuredClone(chosen);
  },
  release: async (label) => {
    const proxy = table.proxies.get(label);
    if (proxy !== undefined && proxy.bound > 0) proxy.bound -= 1;
  },
  setStatus: async (proxy, to, audit) => {
    const stored = () => table.proxies.get(proxy.label);
    transaction(
      [
        () => requireThat(stored()?.status === proxy.status, 'the proxy is as read'),
        () => requireThat(to !== 'retired' || stored()?.bound === 0, 'the proxy is empty'),
      ],
      [
        () => {
          const known = stored();
          if (known !== undefined) known.status = to;
        },
        () => table.overview.push(proxyDelta(proxy.status, to)),
        () => table.audit.push(structuredClone(audit)),
      ],
    );
  },
  bindings: async (label): Promise<ProxyBinding[]> =>
    [...table.families.values()].flatMap((family) =>
      family.seats.flatMap((seat) =>
        seat.pairing !== null && seat.pairing.proxyLabel === label && isOpenPairing(seat.pairing.status)
          ? [{ seatUid: seat.uid, accountUid: seat.accountUid, since: seat.pairing.startedAt }]
          : [],
      ),
    ),
});

/** Every address reaches unless the test names its outcome. */
export const fakeProxyCheck = (
  outcomes: Readonly<Record<string, ProxyCheckOutcome>> = {},
): ProxyCheck & { checked: string[] } => {
  const checked: string[] = [];
  return {
    checked,
    check: async (address) => {
      checked.push(address);
      return outcomes[address] ?? 'reached';
    },
  };
};
