import { createServer, request as httpRequest, type Server } from 'node:http';

/** One call through the proxy: its operation and the kind of partition it reads, when it reads one. */
export interface CountedCall {
  operation: string;
  /** `ACCOUNT`, `SEATMSG`, `ALERTS`...: the key's prefix, with the index read (`GSI1:SEATMSG`). */
  partition: string | null;
}

/** The partition a GetItem or Query names: its key's prefix before `#` (never the ids after it). */
const partitionOf = (operation: string, request: Record<string, unknown>): string | null => {
  const prefix = (value: unknown) => {
    const text = (value as { S?: unknown } | undefined)?.S;
    return typeof text === 'string' ? (text.split('#')[0] ?? null) : null;
  };
  if (operation === 'GetItem') return prefix((request['Key'] as Record<string, unknown> | undefined)?.['PK']);
  if (operation !== 'Query') return null;
  const values = (request['ExpressionAttributeValues'] ?? {}) as Record<string, unknown>;
  // The partition key's value: `:pk` by convention, else the first value naming a partition.
  const key = values[':pk'] ?? Object.values(values).find((value) => prefix(value) !== null);
  const kind = prefix(key);
  const index = typeof request['IndexName'] === 'string' ? `${request['IndexName']}:` : '';
  return kind === null ? null : `${index}${kind}`;
};

/**
 * A loopback proxy in front of DynamoDB Local that counts the operations passing through it. An
 * UpdateItem that adds to a number (a rate counter, the wrong-attempt counter) is told apart as
 * `Counter`: the call-count targets are about reads and state writes.
 */
export const startCountingProxy = async (target: string, port: number) => {
  const counts: CountedCall[] = [];
  const url = new URL(target);
  const server: Server = createServer((incoming, outgoing) => {
    const operation =
      String(incoming.headers['x-amz-target'] ?? '')
        .split('.')
        .pop() ?? 'unknown';
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      const counter = operation === 'UpdateItem' && /^ADD /.test(String(request['UpdateExpression']));
      counts.push({ operation: counter ? 'Counter' : operation, partition: partitionOf(operation, request) });
    });
    const forward = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: incoming.url,
        method: incoming.method,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 500, answer.headers);
        answer.pipe(outgoing);
      },
    );
    incoming.pipe(forward);
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return {
    endpoint: `http://127.0.0.1:${port}`,
    take: (): string[] => counts.splice(0, counts.length).map((call) => call.operation),
    /** The calls since the last take, with the partition each read. */
    takeCalls: (): CountedCall[] => counts.splice(0, counts.length),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
};
