import * as z from '../../validation/z';
import { relationshipResults } from '../../domain/consent/relationship-check';
import type { RelationshipRegistry } from '../../ports/consent';

const answer = z.object({ result: z.enum(relationshipResults) });

/**
 * The outside registry over HTTP: `POST {baseUrl}/checks` with both documents and the declared tie,
 * answering `{ result }`. Anything else (a timeout, a 5xx, a body of another shape) is `failed`,
 * which the next consent request runs again.
 */
export const httpRegistry = (
  options: { baseUrl: string; token: string; timeoutMs?: number },
  send: typeof fetch = fetch,
): RelationshipRegistry => ({
  async check(input) {
    try {
      const response = await send(`${options.baseUrl.replace(/\/$/, '')}/checks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${options.token}` },
        body: JSON.stringify(input),
        signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
      });
      if (!response.ok) return 'failed';
      return answer.parse(await response.json()).result;
    } catch {
      return 'failed';
    }
  },
});
