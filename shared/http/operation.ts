import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import * as z from 'zod';
import type { Caller } from '../app/deps';
import { clientIp, jsonBody } from './request';
import { parseWith } from './validation';
import { successResponse } from './envelope';

/** What a use case's answer becomes: the success status and the data (none for 204). */
export interface Answer {
  status: number;
  data?: unknown;
}
export const ok = (data: unknown): Answer => ({ status: 200, data });
export const created = (data: unknown): Answer => ({ status: 201, data });
export const accepted = (data: unknown): Answer => ({ status: 202, data });
export const noContent = (): Answer => ({ status: 204 });

export interface RequestInput<B, P> {
  body: B;
  params: P;
  ip: string;
}

/** A route without a body takes none, or an empty object; anything else is refused. */
const noBody = z.strictObject({}).optional();
const noParams = z.object({});

interface OperationSpec<B extends z.ZodType, P extends z.ZodType> {
  body?: B;
  params?: P;
}

export interface Operation {
  auth: 'public' | 'bearer';
  serve(event: APIGatewayProxyEventV2, caller: Caller | null): Promise<APIGatewayProxyStructuredResultV2>;
}

const readInput = <B extends z.ZodType, P extends z.ZodType>(
  spec: OperationSpec<B, P>,
  event: APIGatewayProxyEventV2,
) => ({
  params: parseWith(spec.params ?? noParams, event.pathParameters ?? {}) as z.infer<P>,
  body: parseWith(spec.body ?? noBody, jsonBody(event)) as z.infer<B>,
  ip: clientIp(event),
});

/** A route anyone may call. */
export const publicOperation = <B extends z.ZodType = z.ZodUndefined, P extends z.ZodType = z.ZodObject>(
  spec: OperationSpec<B, P> & { run(input: RequestInput<z.infer<B>, z.infer<P>>): Promise<Answer> },
): Operation => ({
  auth: 'public',
  async serve(event) {
    const answer = await spec.run(readInput(spec, event));
    return successResponse(answer.status, answer.data);
  },
});

/** A route that needs a guardian's access token; the router has verified it before `run`. */
export const bearerOperation = <B extends z.ZodType = z.ZodUndefined, P extends z.ZodType = z.ZodObject>(
  spec: OperationSpec<B, P> & {
    run(input: RequestInput<z.infer<B>, z.infer<P>>, caller: Caller): Promise<Answer>;
  },
): Operation => ({
  auth: 'bearer',
  async serve(event, caller) {
    if (caller === null) throw new Error('bearer operation reached without a caller');
    const answer = await spec.run(readInput(spec, event), caller);
    return successResponse(answer.status, answer.data);
  },
});

/** A request body as bytes, for routes that are not JSON (multipart uploads). */
export interface RawBody {
  contentType: string | undefined;
  bytes: Buffer;
}

/** A public route whose body the use case reads itself, when it is ready to (after its rate limits). */
export const publicRawOperation = <P extends z.ZodType = z.ZodObject>(spec: {
  params?: P;
  run(input: { params: z.infer<P>; ip: string; body: () => RawBody }): Promise<Answer>;
}): Operation => ({
  auth: 'public',
  async serve(event) {
    const params = parseWith(spec.params ?? noParams, event.pathParameters ?? {}) as z.infer<P>;
    const body = (): RawBody => ({
      contentType: event.headers['content-type'],
      bytes:
        event.body === undefined
          ? Buffer.alloc(0)
          : Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8'),
    });
    const answer = await spec.run({ params, ip: clientIp(event), body });
    return successResponse(answer.status, answer.data);
  },
});
