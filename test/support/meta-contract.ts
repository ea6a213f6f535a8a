import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * The WhatsApp Cloud API as Meta's published OpenAPI document declares the parts the consent link
 * uses (test/fixtures/providers/meta-openapi-<version>.subset.json, written by
 * extract-meta-subset.ts): each check answers the ways a send, its answer or a webhook body leaves
 * the document, none when it keeps to it.
 */
type JsonObject = Record<string, unknown>;
interface Subset {
  source: { version: string };
  send: { method: string; path: string; request: string; answer: string };
  webhook: string;
  components: { schemas: Record<string, JsonObject> };
}

export const metaVersion = 'v23.0';
const subset = JSON.parse(
  readFileSync(
    resolve(import.meta.dirname, `../fixtures/providers/meta-openapi-${metaVersion}.subset.json`),
    'utf8',
  ),
) as Subset;

const rebased = <T>(value: T): T =>
  JSON.parse(JSON.stringify(value).replaceAll('"#/components/schemas/', '"meta#/$defs/')) as T;

// Not strict: the document uses `format: url` and descriptive keywords Ajv does not know.
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ $id: 'meta', $defs: rebased(subset.components.schemas) });
const compiled = new Map<string, ValidateFunction>();
const check = (reference: string, value: unknown, where: string): string[] => {
  const validate = compiled.get(reference) ?? ajv.compile(rebased({ $ref: reference }));
  compiled.set(reference, validate);
  return validate(value)
    ? []
    : (validate.errors ?? []).map(
        (error: ErrorObject) => `${where}${error.instancePath} ${error.message ?? 'is refused'}`,
      );
};

/** The send's path as the document has it: `/{Version}/{Phone-Number-ID}/messages`. */
export const sendPathProblems = (method: string, url: string): string[] => {
  const { pathname } = new URL(url);
  const pattern = new RegExp(`^${subset.send.path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
  return method.toLowerCase() === subset.send.method && pattern.test(pathname)
    ? []
    : [`${method} ${pathname}: not the document's send operation ${subset.send.path}`];
};

export const sendProblems = (body: unknown) => check(subset.send.request, body, 'send');
export const answerProblems = (body: unknown) => check(subset.send.answer, body, 'answer');
export const webhookProblems = (body: unknown) => check(subset.webhook, body, 'webhook');
