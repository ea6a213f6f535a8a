import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { FunctionGroup } from '../../infra/routes';
import { errorEnvelope } from '../../shared/http/error-envelope.middleware';
import type { OperatorAccess } from '../../shared/app/operators/operators';
import { observability } from '../../shared/adapters/lambda/observability';
import { accessLog } from './access-log.middleware';
import { createRouter, type Operations } from './router';
import { clientIp, logger, tokens } from '../composition/api';

/**
 * A group's Lambda handler: the router of its routes inside the error-envelope middleware, the
 * access log and, outermost, the trace and the metrics.
 */
export const apiHandler = <G extends FunctionGroup>(
  group: G,
  operations: Operations<G>,
  operators?: OperatorAccess,
) =>
  middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>()
    .use(observability())
    .use(accessLog(logger))
    .use(errorEnvelope(logger))
    .handler(createRouter(group, operations, tokens, clientIp, operators));
