import type { LiveEvent } from './api';

const warmupPhases = ['queued', 'started', 'finished'] as const;
type WarmupPhase = (typeof warmupPhases)[number];

/** What the person's stream told of their history reads: the first one's phase, or a later one's offer. */
export type HistoryShown =
  { kind: 'warmup'; phase: WarmupPhase } | { kind: 'offer'; expiresAt: string } | { kind: 'accepted' } | null;

/** The history read after one more event of the person's stream (other events change nothing). */
export const historyAfter = (shown: HistoryShown, event: LiveEvent): HistoryShown => {
  const { phase, offerExpiresAt } = event.payload;
  if (event.type === 'analysis.warmup' && warmupPhases.includes(phase as WarmupPhase))
    return { kind: 'warmup', phase: phase as WarmupPhase };
  if (event.type === 'history.offered' && typeof offerExpiresAt === 'string')
    return { kind: 'offer', expiresAt: offerExpiresAt };
  return shown;
};
