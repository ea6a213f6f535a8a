import { createServer } from 'node:http';
import type { Deps } from '../../shared/app/deps';
import type { Hub } from '../../shared/app/events/hub';
import { pushSignatureHeader } from '../../shared/adapters/relay/http-push';
import * as z from '../../shared/validation/z';
import { signedPush } from './authentication';

const ulid = /^[0-9A-HJKMNP-TV-Z]{26}$/;
const pushBody = z.object({
  topics: z
    .array(z.object({ topic: z.string().check(z.maxLength(200)), oldestId: z.string().check(z.regex(ulid)) }))
    .check(z.maxLength(1000)),
});
/** A thousand topics of the longest name fit well within it. */
const maxPushBytes = 512 * 1024;

/**
 * The relay's private push endpoint (inside the VPC, reachable from the stream handler only; locally
 * loopback): the stream handler tells it which topics have news, signed with the service's keyed
 * hash. A push carries no event: the hub reads the table.
 */
export const startPushServer = async (options: {
  port: number;
  host?: string;
  deps: Pick<Deps, 'hasher'>;
  hub: Hub;
}): Promise<{ close(): Promise<void> }> => {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // Larger than any push the stream handler sends: cut off, nothing kept.
      if (size > maxPushBytes) return void request.destroy();
      chunks.push(chunk);
    });
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const signature = String(request.headers[pushSignatureHeader] ?? '');
      if (
        request.method !== 'POST' ||
        request.url !== '/internal/push' ||
        !signedPush(options.deps, body, signature)
      ) {
        return void response.writeHead(401).end();
      }
      let parsed: z.infer<typeof pushBody>;
      try {
        parsed = pushBody.parse(JSON.parse(body));
      } catch {
        return void response.writeHead(400).end();
      }
      // Answer at once: the reads happen after, in topic order.
      response.writeHead(202).end();
      for (const { topic, oldestId } of parsed.topics) void options.hub.wake(topic, oldestId);
    });
  });
  await new Promise<void>((done) => server.listen(options.port, options.host ?? '127.0.0.1', done));
  return {
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
};
