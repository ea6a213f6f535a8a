import type { KeyedHasher } from '../../ports/secrets';
import type { RelayPush } from '../../ports/relay';

export const pushSignatureHeader = 'x-relay-signature';
export const pushSignature = (hasher: KeyedHasher, body: string): string => hasher.digest('relay_push', body);

/**
 * Pushes to a relay task's private endpoint (inside the VPC; locally on loopback), signed with the
 * service's keyed hash so nothing else can wake a task. A task that does not answer is skipped: its
 * subscribers heal from the table at their next read.
 */
export const httpRelayPush = (
  hasher: KeyedHasher,
  send: typeof fetch = (...args) => fetch(...args),
): RelayPush => ({
  async push(endpoint, news) {
    const body = JSON.stringify({ topics: news });
    const answer = await send(`${endpoint}/internal/push`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [pushSignatureHeader]: pushSignature(hasher, body) },
      body,
      signal: AbortSignal.timeout(2_000),
    });
    if (!answer.ok) throw new Error(`relay answered ${answer.status}`);
  },
});
