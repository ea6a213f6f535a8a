import { describe, expect, it } from 'vitest';
import { deriveProtection } from '../../../shared/domain/consent/protection';
import { ServiceError } from '../../../shared/domain/errors';
import { movePairing } from '../../../shared/domain/pairing/pairing';
import { proxyDelta } from '../../../shared/domain/operators/overview';
import {
  bindingOrder,
  decideProxyAction,
  type ProxyAction,
  type ProxyState,
  type ProxyStatus,
} from '../../../shared/domain/pairing/proxy';
import { protectedSeatAt } from '../../support/seat-states';

const proxy = (fields: Partial<ProxyState> = {}): ProxyState => ({
  uid: 'px_a',
  label: 'a',
  address: 'http://127.0.0.1:1',
  capacity: 2,
  bound: 0,
  status: 'active',
  expiresAt: null,
  ...fields,
});

const codeOf = (run: () => unknown) => {
  try {
    run();
    return undefined;
  } catch (error) {
    return error instanceof ServiceError ? error.code : 'not a service error';
  }
};

describe('the proxy actions table', () => {
  it.each([
    ['burn', 'active', 0, 'burned'],
    ['burn', 'burned', 1, 'burned'],
    ['retire', 'active', 0, 'retired'],
    ['retire', 'burned', 0, 'retired'],
    ['retire', 'retired', 0, 'retired'],
  ] as [ProxyAction, ProxyStatus, number, ProxyStatus][])(
    '%s from %s (%i bound) leaves it %s',
    (action, status, bound, to) => {
      expect(decideProxyAction(proxy({ status, bound }), action)).toBe(to);
    },
  );

  it('refuses to burn a retired address, and to retire one with sessions still bound (409)', () => {
    expect(codeOf(() => decideProxyAction(proxy({ status: 'retired' }), 'burn'))).toBe('CONFLICT');
    expect(codeOf(() => decideProxyAction(proxy({ bound: 1 }), 'retire'))).toBe('CONFLICT');
    expect(codeOf(() => decideProxyAction(proxy({ status: 'burned', bound: 1 }), 'retire'))).toBe('CONFLICT');
  });

  it('binds only active addresses with room, least used first', () => {
    const order = bindingOrder([
      proxy({ label: 'full', bound: 2 }),
      proxy({ label: 'burned', status: 'burned' }),
      proxy({ label: 'retired', status: 'retired' }),
      proxy({ label: 'half', bound: 1 }),
      proxy({ label: 'empty' }),
    ]);
    expect(order.map((one) => one.label)).toEqual(['empty', 'half']);
  });

  it('counts active and burned addresses in the overview, a retired one no more', () => {
    expect(proxyDelta(null, 'active')).toEqual({ proxiesActive: 1 });
    expect(proxyDelta('active', 'burned')).toEqual({ proxiesActive: -1, proxiesBurned: 1 });
    expect(proxyDelta('burned', 'retired')).toEqual({ proxiesBurned: -1 });
  });
});

describe('a pairing whose proxy burned with no room elsewhere', () => {
  it('is disconnected (proxy_burned) and the seat asks guardians to pair again', () => {
    const now = new Date('2026-11-24T10:00:00Z');
    const seat = protectedSeatAt(now, 'paired');
    const move = seat.pairing === null ? null : movePairing(seat.pairing, 'proxy_burned', now);
    expect(move?.pairing).toMatchObject({ status: 'disconnected', failureReason: 'proxy_burned' });
    expect(deriveProtection({ ...seat, pairing: move?.pairing ?? null }, now)).toMatchObject({
      state: 'ready_to_connect',
      reason: 'reconnect_required',
      action: 'connect',
    });
  });
});
