import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * The suppliers' HTTP API as the service's own committed contract declares it
 * (test/fixtures/providers/proxy-supplier-openapi.json): each check answers the ways a request or
 * an answer leaves the document, none when it keeps to it. Unlike WAHA's, the refusals are declared
 * too, so the simulator's error answers are held to it as well.
 */
type JsonObject = Record<string, unknown>;
interface Operation {
  parameters?: { name: string; in: 'path'; required?: boolean; schema?: JsonObject }[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonObject }> };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: JsonObject }> }>;
}
interface Contract {
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, JsonObject>;
    responses: Record<string, { content: Record<string, { schema: JsonObject }> }>;
  };
}

const contract = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../fixtures/providers/proxy-supplier-openapi.json'), 'utf8'),
) as Contract;

const rebased = <T>(value: T): T =>
  JSON.parse(JSON.stringify(value).replaceAll('"#/components/schemas/', '"supplier#/$defs/')) as T;
const ajv = new Ajv2020({ strict: true, allErrors: true });
addFormats(ajv);
ajv.addSchema({ $id: 'supplier', $defs: rebased(contract.components.schemas) });
const compiled = new Map<string, ValidateFunction>();
const check = (key: string, schema: JsonObject, value: unknown, where: string): string[] => {
  let validate = compiled.get(key);
  if (validate === undefined) compiled.set(key, (validate = ajv.compile(rebased(schema))));
  return validate(value)
    ? []
    : (validate.errors ?? []).map(
        (error) => `${where}${error.instancePath} ${error.message ?? 'is refused'}`,
      );
};

const operationOf = (method: string, pathname: string) => {
  for (const [template, methods] of Object.entries(contract.paths)) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '([^/]+)')}$`);
    const operation = methods[method.toLowerCase()];
    if (pattern.test(pathname) && operation !== undefined) return { template, operation };
  }
  return null;
};

/** How a request the adapter sends leaves the contract. */
export const supplierRequestProblems = (method: string, url: string, headers: Headers, body: unknown) => {
  const { pathname } = new URL(url);
  const where = `${method} ${pathname}`;
  const found = operationOf(method, pathname);
  if (found === null) return [`${where}: no such operation in the contract`];
  const problems: string[] = [];
  if (!/^Bearer \S+$/.test(headers.get('authorization') ?? '')) problems.push(`${where}: no Bearer key`);
  const schema = found.operation.requestBody?.content['application/json']?.schema;
  if (schema === undefined) return body === undefined ? problems : [...problems, `${where}: takes no body`];
  return [...problems, ...check(`${found.template} ${method} body`, schema, body, `${where} body`)];
};

/** How an answer (success or refusal) leaves the contract. */
export const supplierAnswerProblems = (method: string, url: string, status: number, body: unknown) => {
  const { pathname } = new URL(url);
  const where = `${method} ${pathname} ${status}`;
  const found = operationOf(method, pathname);
  if (found === null) return [`${where}: no such operation in the contract`];
  const declared = found.operation.responses[String(status)];
  if (declared === undefined)
    return [`${where}: the contract answers ${Object.keys(found.operation.responses).join(', ')}`];
  const response =
    declared.$ref === undefined
      ? declared
      : contract.components.responses[declared.$ref.replace('#/components/responses/', '')];
  const schema = response?.content?.['application/json']?.schema;
  return schema === undefined ? [] : check(`${found.template} ${method} ${status}`, schema, body, where);
};
