import type { Clock } from '../ports/clock';
import type { HealthProbe } from '../ports/health';

export interface HealthReport {
  status: 'ok' | 'degraded';
  uptime: number;
  services: Record<string, { status: 'ok' | 'down'; ms: number }>;
}

/** `GET /health`: each probe timed; any failure makes the whole answer `degraded`. */
export const health = async (
  probes: readonly HealthProbe[],
  clock: Clock,
  startedAt: number,
): Promise<HealthReport> => {
  const results = await Promise.all(
    probes.map(async (probe) => {
      const start = clock.now().getTime();
      const status = await probe.check().then(
        () => 'ok' as const,
        () => 'down' as const,
      );
      return [probe.name, { status, ms: clock.now().getTime() - start }] as const;
    }),
  );
  const services = Object.fromEntries(results);
  return {
    status: results.every(([, result]) => result.status === 'ok') ? 'ok' : 'degraded',
    uptime: Math.round((clock.now().getTime() - startedAt) / 1000),
    services,
  };
};
