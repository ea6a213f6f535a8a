import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * WAHA's API as its published OpenAPI document declares the parts the service uses
 * (test/fixtures/providers/waha-openapi-<version>.subset.json, written by extract-waha-subset.ts):
 * each check answers the ways a request, an answer or a webhook leaves the document, none when it
 * keeps to it.
 */
type JsonObject = Record<string, unknown>;
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: JsonObject;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonObject }> };
  responses: Record<string, { content?: Record<string, { schema: JsonObject }> }>;
  security?: Record<string, string[]>[];
}
interface Subset {
  source: { version: string };
  security: Record<string, { type: string; in: string; name: string }>;
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, string>;
  components: { schemas: Record<string, JsonObject> };
}

export const wahaVersion = '2026.7.1';
const subset = JSON.parse(
  readFileSync(
    resolve(import.meta.dirname, `../fixtures/providers/waha-openapi-${wahaVersion}.subset.json`),
    'utf8',
  ),
) as Subset;

/** The document's references, pointed at the schemas registered under `waha`. */
const rebased = <T>(value: T): T =>
  JSON.parse(JSON.stringify(value).replaceAll('"#/components/schemas/', '"waha#/$defs/')) as T;

const ajv = new Ajv2020({ strict: true, allErrors: true });
addFormats(ajv);
ajv.addSchema({ $id: 'waha', $defs: rebased(subset.components.schemas) });
const compiled = new Map<string, ValidateFunction>();
const validatorOf = (key: string, schema: JsonObject) => {
  const known = compiled.get(key);
  if (known !== undefined) return known;
  const made = ajv.compile(rebased(schema));
  compiled.set(key, made);
  return made;
};
const problemsOf = (where: string, errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).map((error) => `${where}${error.instancePath} ${error.message ?? 'is refused'}`);
const check = (key: string, schema: JsonObject, value: unknown, where: string) => {
  const validate = validatorOf(key, schema);
  return validate(value) ? [] : problemsOf(where, validate.errors);
};

/** The document's operation for a method and a URL's path, with the path's parameters. */
const operationOf = (method: string, pathname: string) => {
  for (const [template, methods] of Object.entries(subset.paths)) {
    const names: string[] = [];
    const pattern = new RegExp(
      `^${template.replace(/\{([^}]+)\}/g, (_, name: string) => {
        names.push(name);
        return '([^/]+)';
      })}$`,
    );
    const match = pattern.exec(pathname);
    if (match === null) continue;
    const operation = methods[method.toLowerCase()];
    if (operation === undefined) continue;
    const values = Object.fromEntries(
      names.map((name, index) => [name, decodeURIComponent(match[index + 1] ?? '')]),
    );
    return { template, operation, values };
  }
  return null;
};

/** The session-name rule WAHA applies on create, which every later path's `{session}` must keep. */
const sessionNameSchema = (subset.components.schemas['SessionCreateRequest']?.['properties'] as JsonObject)[
  'name'
] as JsonObject;

export interface WahaRequest {
  method: string;
  url: string;
  headers: Headers;
  body?: unknown;
}

/** How a request the adapter sends leaves WAHA's document (none when it keeps to it). */
/**
 * A query or path value is text on the wire: read as the number or boolean its schema declares (as
 * WAHA's own validation pipe does), text it cannot be read as stays text, and fails.
 */
const queryValue = (schema: { type?: unknown }, value: string): unknown => {
  if (schema.type === 'number' || schema.type === 'integer')
    return value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value;
  if (schema.type === 'boolean') return value === 'true' ? true : value === 'false' ? false : value;
  return value;
};

export const requestProblems = (request: WahaRequest): string[] => {
  const url = new URL(request.url);
  const where = `${request.method} ${url.pathname}`;
  const found = operationOf(request.method, url.pathname);
  if (found === null) return [`${where}: no such operation in WAHA's document`];
  const { operation, template, values } = found;
  const problems: string[] = [];
  for (const requirement of operation.security ?? [])
    for (const scheme of Object.keys(requirement)) {
      const header = subset.security[scheme]?.name ?? scheme;
      if (!request.headers.has(header)) problems.push(`${where}: no ${header} header`);
    }
  const parameters = operation.parameters ?? [];
  for (const parameter of parameters) {
    const value =
      parameter.in === 'path'
        ? values[parameter.name]
        : parameter.in === 'query'
          ? (url.searchParams.get(parameter.name) ?? undefined)
          : (request.headers.get(parameter.name) ?? undefined);
    if (value === undefined) {
      if (parameter.required === true)
        problems.push(`${where}: ${parameter.in} parameter ${parameter.name} missing`);
      continue;
    }
    const key = `${template} ${request.method} ${parameter.in} ${parameter.name}`;
    const schema = parameter.schema ?? {};
    problems.push(...check(key, schema, queryValue(schema, value), `${where} ${parameter.name}`));
    if (parameter.in === 'path' && parameter.name === 'session')
      problems.push(...check('session name', sessionNameSchema, value, `${where} session name`));
  }
  for (const name of url.searchParams.keys())
    if (!parameters.some((parameter) => parameter.in === 'query' && parameter.name === name))
      problems.push(`${where}: query parameter ${name} is not in the document`);
  const schema = operation.requestBody?.content['application/json']?.schema;
  if (request.body === undefined) {
    if (operation.requestBody?.required === true) problems.push(`${where}: a body is required`);
  } else if (schema === undefined) problems.push(`${where}: the document takes no body here`);
  else problems.push(...check(`${template} ${request.method} body`, schema, request.body, `${where} body`));
  return problems;
};

/** How a successful answer leaves the document (its errors are not declared there). */
export const answerProblems = (method: string, url: string, status: number, body: unknown): string[] => {
  const { pathname } = new URL(url);
  const where = `${method} ${pathname} ${status}`;
  const found = operationOf(method, pathname);
  if (found === null) return [`${where}: no such operation in WAHA's document`];
  if (status < 200 || status >= 300) return [];
  const response = found.operation.responses[String(status)];
  if (response === undefined)
    return [`${where}: the document answers ${Object.keys(found.operation.responses).join(', ')}`];
  const schema = response.content?.['application/json']?.schema;
  return schema === undefined ? [] : check(`${found.template} ${method} ${status}`, schema, body, where);
};

/** How a webhook body leaves the document's schema for its event. */
export const eventProblems = (envelope: unknown): string[] => {
  const event = (envelope as { event?: unknown } | null)?.event;
  const reference = typeof event === 'string' ? subset.webhooks[event] : undefined;
  if (reference === undefined) return [`event ${String(event)}: not one the service subscribes to`];
  return check(`event ${event as string}`, { $ref: reference }, envelope, `event ${event as string}`);
};
