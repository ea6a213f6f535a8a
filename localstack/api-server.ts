import { createServer, type Server } from 'node:http';
import { fallbackRoute, functionGroups, handlerEntry, routes, type FunctionGroup } from '../infra/routes';
import { pathMatcher, routeKey } from '../shared/http/route-match';
import { lambdaContext, readBody, toEventV2, writeResult, type ApiHandler } from './lambda-http';
import { handlerAs } from './table-guard';

/**
 * The local API Gateway: matches each request against the route table, turns it into the event
 * API Gateway would send, and calls the handler of the route's group (the same module CDK bundles).
 * Requests that match no route go to the `$default` route, as in AWS.
 */
const compiled = routes.map((route) => ({ route, match: pathMatcher(route.path) }));

export const loadApiHandlers = async (): Promise<Record<FunctionGroup, ApiHandler>> => {
  const entries = await Promise.all(
    functionGroups.map(async (group) => {
      const module = (await import(`../${handlerEntry(group)}`)) as { handler: ApiHandler };
      // Each invocation runs as its group: its table calls are checked against the group's grants.
      return [group, handlerAs(group, module.handler)] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<FunctionGroup, ApiHandler>;
};

export const startApiServer = async (options: {
  port: number;
  handlers: Record<FunctionGroup, ApiHandler>;
}): Promise<Server> => {
  const server = createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
      let target: { routeKey: string; group: FunctionGroup; pathParameters?: Record<string, string> } =
        fallbackRoute;
      for (const { route, match } of compiled) {
        if (route.method !== request.method) continue;
        const pathParameters = match(path);
        if (pathParameters !== null) {
          target = { routeKey: routeKey(route), group: route.group, pathParameters };
          break;
        }
      }
      const body = await readBody(request);
      if (body === null) {
        response
          .writeHead(413, { 'content-type': 'application/json' })
          .end('{"message":"Request Entity Too Large"}');
        return;
      }
      const result = await options.handlers[target.group](
        toEventV2(request, body, target),
        lambdaContext(`api-${target.group}`),
      );
      writeResult(response, result);
    })().catch((error: unknown) => {
      // What API Gateway answers when the function itself fails.
      process.stderr.write(`local api: handler failed: ${String(error)}\n`);
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
      response.end('{"message":"Internal Server Error"}');
    });
  });
  await new Promise<void>((done) => server.listen(options.port, '127.0.0.1', done));
  return server;
};
