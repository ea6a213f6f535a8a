import { createServer, type Server } from 'node:http';
import { gatewayRoutes } from '../infra/routes';
import { pathMatcher } from '../shared/http/route-match';
import { lambdaContext, readBody, toEventV2, writeResult, type ApiHandler } from './lambda-http';
import { handlerAs } from './table-guard';

/** The gateway's local HTTP API: each webhook route calls its own function, as in AWS. */
export const startGatewayServer = async (port: number): Promise<Server> => {
  const handlers = await Promise.all(
    gatewayRoutes.map(async (route) => ({
      route,
      match: pathMatcher(route.path),
      // Run as its function, which has no table grant.
      handler: handlerAs(
        route.name,
        ((await import(`../${route.entry}`)) as { handler: ApiHandler }).handler,
      ),
    })),
  );
  // Each function module is imported once (ES modules are cached), so routes sharing one share it.
  const server = createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
      const target = handlers.find(
        (candidate) => candidate.route.method === request.method && candidate.match(path) !== null,
      );
      const body = await readBody(request);
      if (target === undefined || body === null) {
        response
          .writeHead(target === undefined ? 404 : 413, { 'content-type': 'application/json' })
          .end('{"message":"Not Found"}');
        return;
      }
      const routeKey = `${target.route.method} ${target.route.path}`;
      writeResult(
        response,
        await target.handler(toEventV2(request, body, { routeKey }), lambdaContext(target.route.name)),
      );
    })().catch((error: unknown) => {
      process.stderr.write(`local gateway: handler failed: ${String(error)}\n`);
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
      response.end('{"message":"Internal Server Error"}');
    });
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return server;
};
