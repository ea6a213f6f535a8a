import { startRelay } from '../../functions/relay/relay';
import { parseConfig } from '../../shared/config/config';

/**
 * The relay as the benchmark runs it: the same process as `functions/relay/main.ts`, plus a way
 * (over IPC) to collect garbage and report memory, so what is measured is what connections retain.
 */
await startRelay(parseConfig(process.env));
const gc = (globalThis as { gc?: () => void }).gc;
process.on('message', () => {
  gc?.();
  gc?.();
  const memory = process.memoryUsage();
  process.send?.({ rss: memory.rss, heapUsed: memory.heapUsed, external: memory.external });
});
// Ends with the bench that started it, even when the bench stopped on a failure.
process.on('disconnect', () => process.exit(0));
