import { describe, expect, it } from 'vitest';
import {
  OVERVIEW_SHARDS,
  addDeltas,
  isEmptyDelta,
  overviewShardOf,
  pairingDelta,
  sumOverview,
  syncDelta,
} from '../../../shared/domain/operators/overview';

describe('the overview counts', () => {
  it('moves a pairing between the counted statuses, and counts nothing else', () => {
    expect(pairingDelta('connecting', 'paired')).toEqual({ pairingsPaired: 1 });
    expect(pairingDelta('paired', 'degraded')).toEqual({ pairingsPaired: -1, pairingsDegraded: 1 });
    expect(pairingDelta('degraded', 'paired')).toEqual({ pairingsDegraded: -1, pairingsPaired: 1 });
    expect(pairingDelta('paired', 'revoked')).toEqual({ pairingsPaired: -1 });
    expect(pairingDelta('degraded', 'disconnected')).toEqual({ pairingsDegraded: -1 });
    expect(isEmptyDelta(pairingDelta('paired', 'paired'))).toBe(true);
    expect(isEmptyDelta(pairingDelta(null, 'starting'))).toBe(true);
    expect(isEmptyDelta(pairingDelta('challenge', 'cancelled'))).toBe(true);
  });

  it('counts an import as waiting while it waits or is offered, then running, stuck, or nothing once over', () => {
    expect(syncDelta(null, 'waiting')).toEqual({ syncsWaiting: 1 });
    expect(isEmptyDelta(syncDelta('waiting', 'offered'))).toBe(true);
    expect(syncDelta('offered', 'waiting')).toEqual({});
    expect(syncDelta('offered', 'running')).toEqual({ syncsWaiting: -1, syncsRunning: 1 });
    expect(syncDelta('waiting', 'running')).toEqual({ syncsWaiting: -1, syncsRunning: 1 });
    expect(syncDelta('running', 'stuck')).toEqual({ syncsRunning: -1, syncsStuck: 1 });
    expect(syncDelta('running', 'done')).toEqual({ syncsRunning: -1 });
    expect(syncDelta('waiting', 'cancelled')).toEqual({ syncsWaiting: -1 });
    expect(syncDelta('done', 'waiting')).toEqual({ syncsWaiting: 1 });
  });

  it('adds two changes into one update (a first paired that queues the warm-up)', () => {
    expect(addDeltas(pairingDelta('connecting', 'paired'), syncDelta(null, 'waiting'))).toEqual({
      pairingsPaired: 1,
      syncsWaiting: 1,
    });
    expect(addDeltas({ syncsWaiting: 1 }, { syncsWaiting: -1 })).toEqual({ syncsWaiting: 0 });
  });

  it('puts a key always on the same shard, and spreads keys over the shards', () => {
    expect(overviewShardOf('st_abc')).toBe(overviewShardOf('st_abc'));
    const shards = new Set(Array.from({ length: 500 }, (_, index) => overviewShardOf(`st_${index}`)));
    expect(shards.size).toBe(OVERVIEW_SHARDS);
    expect([...shards].every((shard) => shard >= 0 && shard < OVERVIEW_SHARDS)).toBe(true);
  });

  it('sums the shards, a count no shard has being 0', () => {
    expect(sumOverview([{ pairingsPaired: 2, proxiesActive: 1 }, { pairingsPaired: -1 }, {}])).toEqual({
      pairingsPaired: 1,
      pairingsDegraded: 0,
      proxiesActive: 1,
      proxiesBurned: 0,
      syncsRunning: 0,
      syncsWaiting: 0,
      syncsStuck: 0,
    });
  });
});
