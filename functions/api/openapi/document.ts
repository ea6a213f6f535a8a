import { STATUS_CODES } from 'node:http';
import { routes, type FunctionGroup, type Route } from '../../../infra/routes';
import { errorCatalog, type ErrorCode } from '../../../shared/domain/errors';
import { e164 } from '../../../shared/domain/people/phone';
import { birthDateField, cpfField, emailField, phoneField } from '../../../shared/http/fields';
import { MAX_JSON_BODY_BYTES } from '../../../shared/http/request';
import * as z from '../../../shared/validation/z';
import type {
  GroupRequests,
  GroupResponses,
  OperationResponses,
  RequestSchemas,
  RouteError,
  SuccessBody,
} from '../contract';
import { requests as accountsRequests } from '../accounts/schemas';
import { responses as accountsResponses } from '../accounts/responses';
import { requests as alertsRequests } from '../alerts/schemas';
import { responses as alertsResponses } from '../alerts/responses';
import { requests as notificationsRequests } from '../notifications/schemas';
import { responses as notificationsResponses } from '../notifications/responses';
import { requests as authRequests } from '../auth/schemas';
import { responses as authResponses } from '../auth/responses';
import { requests as consentRequests } from '../consent/schemas';
import { responses as consentResponses } from '../consent/responses';
import { requests as evidenceRequests } from '../evidence/schemas';
import { responses as evidenceResponses } from '../evidence/responses';
import { requests as adminRequests } from '../admin/schemas';
import { responses as adminResponses } from '../admin/responses';
import { requests as historyRequests } from '../history/schemas';
import { requests as supplyRequests } from '../supply/schemas';
import { responses as supplyResponses } from '../supply/responses';
import { responses as historyResponses } from '../history/responses';
import { requests as healthRequests } from '../health/schemas';
import { responses as healthResponses } from '../health/responses';
import { requests as pairingRequests } from '../pairing/schemas';
import { responses as pairingResponses } from '../pairing/responses';
import { requests as seatsRequests } from '../seats/schemas';
import { responses as seatsResponses } from '../seats/responses';
import { components, errorEnvelope } from '../answers';

/**
 * The API's OpenAPI 3.1 document, built from the route table and each group's contract
 * (`functions/api/contract.ts`): every row of the table is one operation, with its auth, its
 * request schemas, its success answers and the error codes it can answer. zod's own JSON Schema
 * conversion writes the schemas (draft 2020-12, the dialect of OpenAPI 3.1); this module only
 * places them. `npm run openapi` writes the result to `docs/openapi.json`.
 */
export const contracts: {
  [G in FunctionGroup]: { requests: GroupRequests<G>; responses: GroupResponses<G> };
} = {
  auth: { requests: authRequests, responses: authResponses },
  accounts: { requests: accountsRequests, responses: accountsResponses },
  seats: { requests: seatsRequests, responses: seatsResponses },
  consent: { requests: consentRequests, responses: consentResponses },
  evidence: { requests: evidenceRequests, responses: evidenceResponses },
  pairing: { requests: pairingRequests, responses: pairingResponses },
  alerts: { requests: alertsRequests, responses: alertsResponses },
  notifications: { requests: notificationsRequests, responses: notificationsResponses },
  health: { requests: healthRequests, responses: healthResponses },
  admin: { requests: adminRequests, responses: adminResponses },
  history: { requests: historyRequests, responses: historyResponses },
  supply: { requests: supplyRequests, responses: supplyResponses },
};

/** A route's two halves of the contract, looked up by its group and operation. */
export const contractOf = (route: Route): { requests: RequestSchemas; responses: OperationResponses } => {
  const group = contracts[route.group] as {
    requests: Record<string, RequestSchemas>;
    responses: Record<string, OperationResponses>;
  };
  const requests = group.requests[route.operation];
  const responses = group.responses[route.operation];
  if (requests === undefined || responses === undefined)
    throw new Error(`${route.method} ${route.path}: no contract for operation ${route.operation}`);
  return { requests, responses };
};

type Json = Record<string, unknown>;

const groupDescriptions: Record<FunctionGroup, string> = {
  auth: 'Passwordless sign-in by an e-mailed code or magic link.',
  accounts: 'The profile, family accounts, members, the subscription, the catalog and the event ticket.',
  seats: "Seats, the protected person, the person's consent as the guardians see it, and activation.",
  consent: "The person's own page: the link token in the path is their only credential.",
  evidence: "The person's selfie and spoken phrase, verified before their yes.",
  pairing: "Channels and the pairing of the person's messaging account, from both sides.",
  alerts: "Guardians' alerts: the list, decisions, the minimal excerpt.",
  notifications: "A guardian's inbox of notifications and their channels per category.",
  health: 'Health and this document.',
  admin: "The backoffice: operators (Cognito's access tokens) read state, never content.",
  history:
    "The history import queue: a seat's read of the person's recent chats (its first is the warm-up), its offers and their acceptance.",
  supply:
    'Proxy supply (operators): quotes, orders and renewals from the configured suppliers, within their ceilings and monthly budgets.',
};

const parameterDescriptions: Record<string, string> = {
  uid: 'The public id of the account (`/accounts/…`), seat (`/seats/…`), alert (`/alerts/…`), operator member (`/admin/members/…`) or proxy order (`/admin/proxy-supply/orders/…`).',
  memberUid: "The member's user id.",
  token: "The consent link's token: the person's only credential.",
  channel: 'The channel; only `chat` is offered today.',
  id: "The notification's id (a ULID).",
};

const description = `The family protection service's API.

Every JSON answer uses the envelope \`{ "success": true, "data": … }\` or \`{ "success": false, "error": { "code", "message", "details"? } }\`, except \`GET /health\`, this document, the avatar's bytes and 204 answers. \`code\` is the stable contract; \`message\` is English text that may change; \`details\` is optional machine data. Unknown routes answer 404 \`NOT_FOUND\` in the envelope. A seat or account of another family answers 404, never 403.

Guardians send \`Authorization: Bearer <access token>\` (from \`POST /auth/otp/verify\`). The person's routes (\`/consent-requests/{token}/…\`) take no header: the link token in the path is their credential. Rate-limited routes answer 429 \`RATE_LIMITED\` with \`Retry-After\` equal to \`details.retryAfterSeconds\`.`;

/** What the request fields' refinements check, for the reader (the handlers check it with zod). */
const fieldNotes = new Map<unknown, Json>([
  [emailField, { description: 'An e-mail address; case and spaces are ignored.' }],
  [phoneField, { description: 'E.164, e.g. `+5511987654321`.', pattern: e164.source }],
  [birthDateField, { description: 'A calendar date written `YYYY-MM-DD`.', format: 'date' }],
  [
    cpfField,
    {
      description:
        'A CPF: 11 digits (dots and a dash are accepted and stripped); its check digits must be right.',
    },
  ],
]);

/** A JSON Schema conversion that collects the named components it meets. */
const schemaWriter = () => {
  const found: Record<string, Json> = {};
  const relink = <T>(value: T): T =>
    JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/')) as T;
  /**
   * zod's patterns behind a format, and the safe-integer bounds of every integer, say nothing to a
   * reader; the fields' refinements (which JSON Schema cannot carry) are said in words instead.
   */
  const tidy = ({ zodSchema, jsonSchema }: { zodSchema: unknown; jsonSchema: Json }) => {
    Object.assign(jsonSchema, fieldNotes.get(zodSchema));
    if (typeof jsonSchema['format'] === 'string') delete jsonSchema['pattern'];
    if (jsonSchema['maximum'] === Number.MAX_SAFE_INTEGER) delete jsonSchema['maximum'];
    if (jsonSchema['minimum'] === Number.MIN_SAFE_INTEGER) delete jsonSchema['minimum'];
  };
  const write = (schema: z.ZodMiniType, io: 'input' | 'output'): Json => {
    const converted = z.toJSONSchema(schema, {
      io,
      metadata: components,
      unrepresentable: 'throw',
      override: tidy,
    }) as Json;
    const { $schema: _dialect, $defs, ...root } = converted;
    for (const [id, def] of Object.entries(($defs ?? {}) as Record<string, Json>)) {
      const linked = relink(def);
      const known = found[id];
      if (known !== undefined && JSON.stringify(known) !== JSON.stringify(linked))
        throw new Error(`component ${id} converts differently in two places`);
      found[id] = linked;
    }
    return relink(root);
  };
  return { write, components: () => found };
};

interface Listed {
  code: ErrorCode;
  status: number;
  description: string;
}

const routeErrorOf = (error: RouteError): Listed =>
  typeof error === 'string'
    ? { code: error, status: errorCatalog[error].status, description: errorCatalog[error].message }
    : { description: errorCatalog[error.code].message, ...error };

/** The codes every route of a kind answers, before its own. */
const commonErrors = (route: Route, responses: OperationResponses): RouteError[] => {
  const input = responses.input ?? 'json';
  const tooLarge = {
    code: 'HTTP_ERROR',
    status: 413,
    description:
      input === 'json'
        ? `The body is larger than ${MAX_JSON_BODY_BYTES / 1024} KB.`
        : 'A part is larger than its limit.',
  } as const;
  return [
    ...(input === 'none' ? [] : (['VALIDATION'] as const)),
    ...(input === 'json' ? (['BAD_REQUEST', tooLarge] as const) : []),
    ...(typeof input === 'object' ? [tooLarge] : []),
    ...(route.auth === 'public' ? [] : (['UNAUTHORIZED'] as const)),
    // A dependency busy or slow (throttled past the SDK's retries, a call past its time limit):
    // any route may answer it; a route that names it for a reason of its own keeps its listing,
    // and health's 503 is its own answer (degraded).
    ...(503 in responses.success ||
    responses.errors.some((error) => routeErrorOf(error).code === 'UNAVAILABLE')
      ? []
      : (['UNAVAILABLE'] as const)),
    'INTERNAL',
  ];
};

/** A route's error codes by status, in the order they are listed. */
const errorsOf = (route: Route): Map<number, Listed[]> => {
  const { responses } = contractOf(route);
  const byStatus = new Map<number, Listed[]>();
  for (const listed of [...commonErrors(route, responses), ...responses.errors].map(routeErrorOf)) {
    const codes = byStatus.get(listed.status) ?? [];
    if (codes.some((each) => each.code === listed.code))
      throw new Error(`${route.method} ${route.path}: ${listed.code} listed twice`);
    byStatus.set(listed.status, [...codes, listed]);
  }
  return byStatus;
};

const pascalCase = (code: string): string =>
  code
    .toLowerCase()
    .split('_')
    .map((word) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`)
    .join('');

const pathParameterNames = (path: string): string[] =>
  [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');

export const openApiDocument = (version: string): Json => {
  const schemas = schemaWriter();

  const parameters = (route: Route, requests: RequestSchemas): Json[] => {
    const names = pathParameterNames(route.path);
    const path = requests.params === undefined ? { properties: {} } : schemas.write(requests.params, 'input');
    const pathProperties = (path['properties'] ?? {}) as Record<string, Json>;
    if (JSON.stringify(Object.keys(pathProperties).sort()) !== JSON.stringify([...names].sort()))
      throw new Error(`${route.method} ${route.path}: its params schema names other parameters`);
    const query = requests.query === undefined ? {} : schemas.write(requests.query, 'input');
    const required = new Set((query['required'] ?? []) as string[]);
    return [
      ...names.map((name) => ({
        name,
        in: 'path',
        required: true,
        description: parameterDescriptions[name],
        schema: pathProperties[name],
      })),
      ...Object.entries((query['properties'] ?? {}) as Record<string, Json>).map(([name, schema]) => ({
        name,
        in: 'query',
        required: required.has(name),
        schema,
      })),
    ];
  };

  const requestBody = (requests: RequestSchemas, responses: OperationResponses): Json | undefined => {
    const input = responses.input ?? 'json';
    if (typeof input === 'object') {
      const parts = Object.entries(input.multipart);
      return {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: parts.map(([name]) => name),
              properties: Object.fromEntries(
                parts.map(([name, types]) => [name, { description: `One file: ${types.join(', ')}.` }]),
              ),
            },
            encoding: Object.fromEntries(
              parts.map(([name, types]) => [name, { contentType: types.join(', ') }]),
            ),
          },
        },
      };
    }
    if (requests.body === undefined) return undefined;
    return {
      required: !requests.body.safeParse(undefined).success,
      content: { 'application/json': { schema: schemas.write(requests.body, 'input') } },
    };
  };

  const success = (status: string, body: SuccessBody): Json => {
    const text = `${STATUS_CODES[Number(status)] ?? status}.`;
    if ('empty' in body) return { description: text };
    if ('bytes' in body)
      return {
        description: `${text} The bytes, without the envelope; never kept by a shared cache.`,
        headers: { 'Cache-Control': { schema: { type: 'string', const: 'private, no-store' } } },
        content: { [body.bytes]: {} },
      };
    const schema =
      'data' in body
        ? {
            type: 'object',
            properties: {
              success: { const: true },
              data: schemas.write(body.data, 'output'),
              ...Object.fromEntries(
                Object.entries(body.beside ?? {}).map(([name, schema]) => [
                  name,
                  schemas.write(schema, 'output'),
                ]),
              ),
            },
            required: ['success', 'data', ...Object.keys(body.beside ?? {})],
            additionalProperties: false,
          }
        : schemas.write(body.json, 'output');
    return { description: text, content: { 'application/json': { schema } } };
  };

  /** An error answer: the envelope with the codes of one status, each said in words. */
  const errorResponse = (listed: readonly Listed[]): Json => {
    const codes = listed.map(({ code }) => code);
    return {
      description: listed.map(({ code, description }) => `\`${code}\`: ${description}`).join('\n\n'),
      ...(codes.includes('RATE_LIMITED')
        ? {
            headers: {
              'Retry-After': {
                description: 'Seconds left in the exceeded window, as `details.retryAfterSeconds`.',
                schema: { type: 'integer', minimum: 0 },
              },
            },
          }
        : {}),
      content: {
        'application/json': {
          schema: {
            allOf: [
              { $ref: '#/components/schemas/Error' },
              { properties: { error: { properties: { code: { enum: codes } } } } },
            ],
          },
        },
      },
    };
  };

  // The same codes at the same status on several routes are one shared response, named for its codes.
  const errorSets = new Map<Route, Map<number, Listed[]>>(routes.map((route) => [route, errorsOf(route)]));
  const keyOf = (status: number, listed: readonly Listed[]) => JSON.stringify([status, listed]);
  const uses = new Map<string, number>();
  for (const sets of errorSets.values())
    for (const [status, listed] of sets)
      uses.set(keyOf(status, listed), (uses.get(keyOf(status, listed)) ?? 0) + 1);
  const sharedResponses: Record<string, Json> = {};
  const sharedKeys = new Map<string, string>();
  const errorResponses = (route: Route): Record<string, Json> =>
    Object.fromEntries(
      [...(errorSets.get(route) ?? [])].map(([status, listed]) => {
        const key = keyOf(status, listed);
        if ((uses.get(key) ?? 0) < 2) return [String(status), errorResponse(listed)];
        const name = listed.map(({ code }) => pascalCase(code)).join('Or');
        if ((sharedKeys.get(name) ?? key) !== key) throw new Error(`two error responses named ${name}`);
        sharedKeys.set(name, key);
        sharedResponses[name] = errorResponse(listed);
        return [String(status), { $ref: `#/components/responses/${name}` }];
      }),
    );

  const operation = (route: Route): Json => {
    const { requests, responses } = contractOf(route);
    const answers = Object.fromEntries(
      Object.entries(responses.success).map(([status, body]) => [status, success(status, body)]),
    );
    const errors = errorResponses(route);
    for (const status of Object.keys(errors))
      if (answers[status] !== undefined)
        throw new Error(`${route.method} ${route.path}: ${status} is both a success and an error`);
    const params = parameters(route, requests);
    const body = requestBody(requests, responses);
    return {
      operationId: route.operation,
      tags: [route.group],
      summary: responses.summary,
      ...(responses.description === undefined ? {} : { description: responses.description }),
      security: route.auth === 'public' ? [] : [{ [route.auth]: [] }],
      ...(params.length === 0 ? {} : { parameters: params }),
      ...(body === undefined ? {} : { requestBody: body }),
      responses: Object.fromEntries(
        Object.entries({ ...answers, ...errors }).sort(([a], [b]) => Number(a) - Number(b)),
      ),
    };
  };

  const paths: Record<string, Record<string, Json>> = {};
  for (const route of routes) {
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operation(route) };
  }
  // The envelope every error answer refers to, written among the components.
  schemas.write(errorEnvelope, 'output');

  return {
    openapi: '3.1.1',
    info: {
      title: 'Family protection API',
      version,
      description,
    },
    servers: [{ url: '/', description: 'The API that serves this document.' }],
    tags: Object.entries(groupDescriptions).map(([name, text]) => ({ name, description: text })),
    paths,
    components: {
      responses: Object.fromEntries(Object.entries(sharedResponses).sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: "A guardian's access token from `POST /auth/otp/verify`.",
        },
        operator: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            "An operator's access token from the backoffice's Cognito app client (locally, `npm run operator-token`), of a member of the operator roster.",
        },
      },
      schemas: Object.fromEntries(
        Object.entries(schemas.components()).sort(([a], [b]) => a.localeCompare(b)),
      ),
    },
  };
};
