import { createServer, request as httpRequest, type Server } from 'node:http';

/**
 * A loopback proxy in front of DynamoDB Local that counts the operations passing through it. An
 * UpdateItem that adds to a number (a rate counter, the wrong-attempt counter) is told apart as
 * `Counter`: the call-count targets are about reads and state writes.
 */
export const startCountingProxy = async (target: string, port: number) => {
  const counts: string[] = [];
  const url = new URL(target);
  const server: Server = createServer((incoming, outgoing) => {
    const operation =
      String(incoming.headers['x-amz-target'] ?? '')
        .split('.')
        .pop() ?? 'unknown';
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const counter = operation === 'UpdateItem' && /^ADD /.test(String(JSON.parse(body).UpdateExpression));
      counts.push(counter ? 'Counter' : operation);
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
    take: (): string[] => counts.splice(0, counts.length),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
};
