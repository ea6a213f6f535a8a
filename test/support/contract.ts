import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { pathMatcher } from '../../shared/http/route-match';
import { decodePathSegment } from '../../shared/http/request';

/** One answer the API gave: what was asked, and what came back. */
export interface Exchange {
  method: string;
  path: string;
  status: number;
  contentType: string | null;
  /** The JSON body, or null when there was none. */
  body: unknown;
}

type Json = Record<string, unknown>;

const pointer = (...parts: string[]): string =>
  parts.map((part) => encodeURIComponent(part.replaceAll('~', '~0').replaceAll('/', '~1'))).join('/');

/**
 * Checks answers against an OpenAPI 3.1 document with a JSON Schema 2020-12 validator: the
 * operation found by method and path template, the status among its responses, the body against
 * that response's schema (for errors, the envelope with the codes of that status). A path no
 * operation has must be one of the `$default` route's answers: 404 `NOT_FOUND`, or 400
 * `BAD_REQUEST` when the path's percent-encoding is malformed. Answers with the problems found,
 * none when the answer is one the document describes.
 */
/** Whether a path's percent-encoding is well formed, decided as the router decides it. */
const decodes = (path: string): boolean => decodePathSegment(path) !== null;

export const contractChecker = (document: Json) => {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  ajv.addSchema(document, 'openapi.json');
  const compiled = new Map<string, ValidateFunction>();
  const schemaAt = (location: string): ValidateFunction => {
    let validate = compiled.get(location);
    if (validate === undefined) {
      const found = ajv.getSchema(`openapi.json#/${location}`);
      if (found === undefined) throw new Error(`no schema at ${location}`);
      compiled.set(location, (validate = found));
    }
    return validate;
  };
  const paths = document['paths'] as Record<string, Record<string, Json>>;
  const templates = Object.keys(paths).map((template) => ({ template, match: pathMatcher(template) }));

  /** A response object, following an OpenAPI `$ref` to a shared one; and where it lives. */
  const response = (at: string, object: Json): { at: string; object: Json } => {
    const ref = object['$ref'];
    if (typeof ref !== 'string') return { at, object };
    const name = ref.replace('#/components/responses/', '');
    const shared = (document['components'] as { responses: Record<string, Json> }).responses[name];
    if (shared === undefined) throw new Error(`no shared response ${ref}`);
    return { at: pointer('components', 'responses', name), object: shared };
  };

  const checkBody = (exchange: Exchange, at: string, content: Json | undefined): string[] => {
    if (content === undefined)
      return exchange.body === null ? [] : [`a ${exchange.status} has no body, but one came`];
    const json = content['application/json'];
    if (json === undefined) {
      const ranges = Object.keys(content).map((range) => range.replace('*', ''));
      return ranges.some((range) => exchange.contentType?.startsWith(range))
        ? []
        : [`content-type ${exchange.contentType} is none of ${Object.keys(content).join(', ')}`];
    }
    if (!exchange.contentType?.startsWith('application/json'))
      return [`content-type ${exchange.contentType} is not application/json`];
    const validate = schemaAt(`${at}/${pointer('content', 'application/json', 'schema')}`);
    return validate(exchange.body)
      ? []
      : (validate.errors ?? []).map(
          (error) => `body${error.instancePath} ${error.message} (${error.schemaPath})`,
        );
  };

  return (exchange: Exchange): string[] => {
    const method = exchange.method.toLowerCase();
    const found = templates.find(
      ({ template, match }) => match(exchange.path) !== null && paths[template]?.[method] !== undefined,
    );
    if (found === undefined) {
      const body = exchange.body as { success?: unknown; error?: { code?: unknown } } | null;
      const fallback =
        (exchange.status === 404 && body?.error?.code === 'NOT_FOUND') ||
        (exchange.status === 400 && body?.error?.code === 'BAD_REQUEST' && !decodes(exchange.path));
      return body?.success === false && fallback
        ? []
        : [`no operation ${exchange.method} ${exchange.path}, yet it answered ${exchange.status}`];
    }
    const operation = paths[found.template]?.[method] as { responses: Record<string, Json> };
    const listed = operation.responses[String(exchange.status)];
    if (listed === undefined) return [`${exchange.status} is not a documented answer`];
    const { at, object } = response(
      pointer('paths', found.template, method, 'responses', String(exchange.status)),
      listed,
    );
    return checkBody(exchange, at, object['content'] as Json | undefined);
  };
};

/** The checker of the committed document, the one `GET /openapi.json` serves. */
export const committedContract = () =>
  contractChecker(
    JSON.parse(readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8')) as Json,
  );
