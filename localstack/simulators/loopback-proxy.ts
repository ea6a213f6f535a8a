import { createServer, type IncomingMessage } from 'node:http';
import { connect, isIP, type AddressInfo, type Socket } from 'node:net';

/**
 * A real HTTP CONNECT proxy on loopback (docs/proxies.md): the addresses the local stack and the
 * tests put in the pool, so the reachability check and the sessions go through a proxy that truly
 * tunnels. It only tunnels to loopback targets, so nothing run locally reaches past this machine.
 */
export interface LoopbackProxy {
  /** `http://127.0.0.1:PORT` */
  address: string;
  close(): Promise<void>;
}

const loopbackHosts = new Set(['127.0.0.1', '::1', '[::1]', 'localhost']);

const isLoopback = (host: string) => loopbackHosts.has(host) || (isIP(host) === 4 && host.startsWith('127.'));

/** `host:port` of a CONNECT request line (IPv6 hosts in brackets); null when malformed. */
const target = (authority: string | undefined): { host: string; port: number } | null => {
  const match = /^\[?(?<host>[^\]]+?)\]?:(?<port>\d{1,5})$/.exec(authority ?? '');
  const { host, port } = match?.groups ?? {};
  if (host === undefined || port === undefined) return null;
  const number = Number(port);
  return number >= 1 && number <= 65_535 ? { host, port: number } : null;
};

const refuse = (client: Socket, status: string) => {
  client.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
};

export const startLoopbackProxy = async (options: { port?: number } = {}): Promise<LoopbackProxy> => {
  const tunnels = new Set<Socket>();
  const track = (socket: Socket) => {
    tunnels.add(socket);
    socket.on('close', () => tunnels.delete(socket));
  };

  const server = createServer((_request, response) => {
    // Only tunnels are offered: a plain request through this proxy is refused.
    response.writeHead(405, { Allow: 'CONNECT', Connection: 'close' }).end();
  });

  server.on('connect', (request: IncomingMessage, client: Socket, head: Buffer) => {
    track(client);
    client.on('error', () => client.destroy());
    const destination = target(request.url);
    if (destination === null) return refuse(client, '400 Bad Request');
    if (!isLoopback(destination.host)) return refuse(client, '403 Forbidden');

    const upstream = connect(destination.port, destination.host);
    track(upstream);
    let established = false;
    upstream.once('connect', () => {
      established = true;
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => {
      if (established) client.destroy();
      else refuse(client, '502 Bad Gateway');
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => {
      if (established) client.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    address: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const socket of tunnels) socket.destroy();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
};
