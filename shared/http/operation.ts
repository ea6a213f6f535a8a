import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import * as z from '../validation/z';
import type { Caller } from '../app/deps';
import { fail } from '../domain/errors';
import type { Operator } from '../domain/operators/roster';
import { jsonBody } from './request';
import { parseWith } from './validation';
import { successResponse } from './envelope';

/** What a use case's answer becomes: the success status and the data (none for 204). */
export interface Answer {
  status: number;
  data?: unknown;
  /** Fields of the envelope beside `data` (a list's `nextCursor` and `counts`). */
  beside?: Record<string, unknown>;
  /** Bytes answered as they are, without the envelope (e.g. the avatar, an image). */
  bytes?: { body: Uint8Array; contentType: string };
}
export const ok = (data: unknown, beside?: Record<string, unknown>): Answer => ({
  status: 200,
  data,
  ...(beside === undefined ? {} : { beside }),
});
export const created = (data: unknown): Answer => ({ status: 201, data });
export const accepted = (data: unknown): Answer => ({ status: 202, data });
export const noContent = (): Answer => ({ status: 204 });
export const image = (body: Uint8Array, contentType: string): Answer => ({
  status: 200,
  bytes: { body, contentType },
});

const respond = (answer: Answer): APIGatewayProxyStructuredResultV2 =>
  answer.bytes === undefined
    ? successResponse(answer.status, answer.data, answer.beside)
    : {
        statusCode: answer.status,
        // A person's photo: never kept by a shared cache.
        headers: { 'content-type': answer.bytes.contentType, 'cache-control': 'private, no-store' },
        body: Buffer.from(answer.bytes.body).toString('base64'),
        isBase64Encoded: true,
      };

export interface RequestInput<B, P, Q = Record<string, never>> {
  body: B;
  params: P;
  query: Q;
  ip: string;
}

/** A route without a body takes none, or an empty object; anything else is refused. */
const noBody = z.optional(z.strictObject({}));
const noParams = z.object({});
/** Query parameters a route does not name are refused, like unknown body fields. */
const noQuery = z.strictObject({});

interface OperationSpec<
  B extends z.ZodMiniType,
  P extends z.ZodMiniType,
  Q extends z.ZodMiniType = z.ZodMiniType,
> {
  body?: B;
  params?: P;
  query?: Q;
}

/** What the router learned about a request before its operation: who calls, and from where. */
export interface RequestContext {
  caller: Caller | null;
  /**
   * On operator routes: the roster's member the token's verified subject names (null when it names
   * none), being read while the operation starts.
   */
  operator?: Promise<Operator | null>;
  /** The address per-IP limits count (shared/http/client-ip.ts). */
  ip: string;
}

export interface Operation {
  auth: 'public' | 'bearer' | 'operator';
  serve(event: APIGatewayProxyEventV2, request: RequestContext): Promise<APIGatewayProxyStructuredResultV2>;
}

const readInput = <B extends z.ZodMiniType, P extends z.ZodMiniType, Q extends z.ZodMiniType>(
  spec: OperationSpec<B, P, Q>,
  event: APIGatewayProxyEventV2,
  ip: string,
) => ({
  params: parseWith(spec.params ?? noParams, event.pathParameters ?? {}) as z.infer<P>,
  query: parseWith(spec.query ?? noQuery, event.queryStringParameters ?? {}) as z.infer<Q>,
  body: parseWith(spec.body ?? noBody, jsonBody(event)) as z.infer<B>,
  ip,
});

/** A route anyone may call. */
export const publicOperation = <
  B extends z.ZodMiniType = z.ZodMiniUndefined,
  P extends z.ZodMiniType = z.ZodMiniObject,
  Q extends z.ZodMiniType = z.ZodMiniObject,
>(
  spec: OperationSpec<B, P, Q> & {
    run(input: RequestInput<z.infer<B>, z.infer<P>, z.infer<Q>>): Promise<Answer>;
  },
): Operation => ({
  auth: 'public',
  async serve(event, { ip }) {
    return respond(await spec.run(readInput(spec, event, ip)));
  },
});

/** A route that needs a guardian's access token; the router has verified it before `run`. */
export const bearerOperation = <
  B extends z.ZodMiniType = z.ZodMiniUndefined,
  P extends z.ZodMiniType = z.ZodMiniObject,
  Q extends z.ZodMiniType = z.ZodMiniObject,
>(
  spec: OperationSpec<B, P, Q> & {
    run(input: RequestInput<z.infer<B>, z.infer<P>, z.infer<Q>>, caller: Caller): Promise<Answer>;
  },
): Operation => ({
  auth: 'bearer',
  async serve(event, { caller, ip }) {
    if (caller === null) throw new Error('bearer operation reached without a caller');
    return respond(await spec.run(readInput(spec, event, ip), caller));
  },
});

const memberIn = async (request: RequestContext): Promise<Operator> => {
  if (request.operator === undefined) throw new Error('operator operation reached without an operator');
  const operator = await request.operator;
  if (operator === null) throw fail('UNAUTHORIZED');
  return operator;
};

/** A backoffice route: the operator token's member is found on the roster before `run`. */
export const operatorOperation = <
  B extends z.ZodMiniType = z.ZodMiniUndefined,
  P extends z.ZodMiniType = z.ZodMiniObject,
  Q extends z.ZodMiniType = z.ZodMiniObject,
>(
  spec: OperationSpec<B, P, Q> & {
    run(input: RequestInput<z.infer<B>, z.infer<P>, z.infer<Q>>, operator: Operator): Promise<Answer>;
  },
): Operation => ({
  auth: 'operator',
  async serve(event, request) {
    const operator = await memberIn(request);
    return respond(await spec.run(readInput(spec, event, request.ip), operator));
  },
});

/**
 * A backoffice read that any member may make: the roster is read beside the answer (a round trip
 * less), the answer goes only to a member, and only once `audit` recorded who read it. A request of
 * no member is refused (401) before its input is judged; a read that fails records nothing.
 */
export const operatorReadOperation = <
  T,
  P extends z.ZodMiniType = z.ZodMiniObject,
  Q extends z.ZodMiniType = z.ZodMiniObject,
>(
  spec: OperationSpec<z.ZodMiniUndefined, P, Q> & {
    read(input: RequestInput<undefined, z.infer<P>, z.infer<Q>>): Promise<T>;
    audit(operator: Operator, input: RequestInput<undefined, z.infer<P>, z.infer<Q>>): Promise<void>;
    /**
     * A read that may write on its first use (the proxy pool registers its configured addresses)
     * starts only once the caller is known to be a member: a refused request changes nothing.
     */
    waitsForMember?: true;
  },
): Operation => ({
  auth: 'operator',
  async serve(event, request) {
    const input = (async () => readInput(spec, event, request.ip))();
    const member = memberIn(request);
    // Judged only after the roster when the read waits for it: its failure is the answer's then.
    input.catch(() => undefined);
    const [operator, answer] = await Promise.allSettled([
      member,
      spec.waitsForMember === true
        ? member.then(() => input).then((parsed) => spec.read(parsed))
        : input.then((parsed) => spec.read(parsed)),
    ]);
    if (operator.status === 'rejected') throw operator.reason;
    if (answer.status === 'rejected') throw answer.reason;
    await spec.audit(operator.value, await input);
    return respond(ok(answer.value));
  },
});

/** A request body as bytes, for routes that are not JSON (multipart uploads). */
export interface RawBody {
  contentType: string | undefined;
  bytes: Buffer;
}

/** A public route whose body the use case reads itself, when it is ready to (after its rate limits). */
export const publicRawOperation = <P extends z.ZodMiniType = z.ZodMiniObject>(spec: {
  params?: P;
  run(input: { params: z.infer<P>; ip: string; body: () => RawBody }): Promise<Answer>;
}): Operation => ({
  auth: 'public',
  async serve(event, { ip }) {
    const params = parseWith(spec.params ?? noParams, event.pathParameters ?? {}) as z.infer<P>;
    const body = (): RawBody => ({
      contentType: event.headers['content-type'],
      bytes:
        event.body === undefined
          ? Buffer.alloc(0)
          : Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8'),
    });
    return respond(await spec.run({ params, ip, body }));
  },
});
