import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { FunctionGroup, OperationsOf } from '../../infra/routes';
import { fallbackRoute, routes } from '../../infra/routes';
import { fail } from '../../shared/domain/errors';
import type { AccessTokens } from '../../shared/ports/access-tokens';
import type { OperatorAccess } from '../../shared/app/operators/operators';
import type { Operation } from '../../shared/http/operation';
import { bearerToken, decodePathSegment } from '../../shared/http/request';
import { routeKey } from '../../shared/http/route-match';

export type Operations<G extends FunctionGroup> = Record<OperationsOf<G>, Operation>;

/**
 * A group's router: API Gateway's route key picks the operation the route table names. The auth
 * kind of the table and of the operation must agree, checked once when the router is built.
 * `clientIp` says where a request came from (shared/http/client-ip.ts).
 */
export const createRouter = <G extends FunctionGroup>(
  group: G,
  operations: Operations<G>,
  tokens: () => Promise<Pick<AccessTokens, 'verify'>>,
  clientIp: (event: APIGatewayProxyEventV2) => Promise<string>,
  /** Who an operator token names (only the admin group has operator routes). */
  operators: OperatorAccess = { verify: () => Promise.resolve(null), member: () => Promise.resolve(null) },
) => {
  const table = new Map<string, Operation>();
  for (const route of routes) {
    if (route.group !== group) continue;
    const operation = (operations as Record<string, Operation>)[route.operation];
    if (operation === undefined || operation.auth !== route.auth) {
      throw new Error(
        `route ${routeKey(route)}: operation ${route.operation} missing or with another auth kind`,
      );
    }
    table.set(routeKey(route), operation);
  }
  const servesFallback = fallbackRoute.group === group;

  return async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    const operation = table.get(event.routeKey);
    if (operation === undefined) {
      if (servesFallback && decodePathSegment(event.rawPath) === null) {
        throw fail('BAD_REQUEST', undefined, 'The path is not valid percent-encoding.');
      }
      throw fail('NOT_FOUND', undefined, servesFallback ? 'No such route.' : 'Not found.');
    }
    let caller = null;
    if (operation.auth === 'bearer') {
      const token = bearerToken(event);
      const userUid = token === null ? null : await (await tokens()).verify(token);
      if (userUid === null) throw fail('UNAUTHORIZED');
      caller = { userUid };
    }
    let operator;
    if (operation.auth === 'operator') {
      const token = bearerToken(event);
      const subject = token === null ? null : await operators.verify(token);
      if (subject === null) throw fail('UNAUTHORIZED');
      // Read while the operation starts; each operation awaits it before answering.
      operator = operators.member(subject);
      operator.catch(() => undefined);
    }
    return operation.serve(event, {
      caller,
      ...(operator === undefined ? {} : { operator }),
      ip: await clientIp(event),
    });
  };
};
