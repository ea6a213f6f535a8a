import type { FunctionGroup, OperationsOf } from '../../infra/routes';
import type { ErrorCode } from '../../shared/domain/errors';
import type * as z from '../../shared/validation/z';

/**
 * A route's contract, in two halves keyed by the route table's operation names, so that a new row
 * and its operation bring their part of the OpenAPI document (`npm run openapi`) with them:
 *
 * - `functions/api/<group>/schemas.ts` exports `requests`: the schemas the operation validates its
 *   path, query and body with. The handler spreads them into its operation, so what is documented
 *   is what is enforced.
 * - `functions/api/<group>/responses.ts` exports `responses`: the summary, the success statuses
 *   with the schema of each answer, and the error codes. Only the document's generator reads it:
 *   a handler never builds these schemas, so no group's cold start pays for them.
 *
 * Both are `satisfies` their group's type below: a route without its entries, or an entry without
 * its route, does not compile.
 */
export interface RequestSchemas {
  params?: z.ZodMiniType;
  query?: z.ZodMiniType;
  body?: z.ZodMiniType;
}

export type GroupRequests<G extends FunctionGroup> = Record<OperationsOf<G>, RequestSchemas>;

/** What one success status carries. */
export type SuccessBody =
  /** JSON in the envelope: `{ success: true, data }`, and the fields `beside` it if any (a list's cursor). */
  | { data: z.ZodMiniType; beside?: Record<string, z.ZodMiniType> }
  /** JSON without the envelope (the exceptions: health, the document itself). */
  | { json: z.ZodMiniType }
  /** Bytes of this media range, without the envelope (the avatar). */
  | { bytes: string }
  /** No body (204). */
  | { empty: true };

/**
 * An error a route answers: its code, at the catalog's status and with its message, unless the
 * route says otherwise (HTTP_ERROR takes the status of what failed).
 */
export type RouteError = ErrorCode | { code: ErrorCode; status: number; description?: string };

export interface OperationResponses {
  summary: string;
  description?: string;
  /**
   * How the request is read: JSON path, query and body (the default; malformed or oversized JSON is
   * refused before validation), a multipart upload of these parts (each its accepted media types),
   * or nothing at all (no validation).
   */
  input?: 'json' | { multipart: Record<string, readonly string[]> } | 'none';
  success: Partial<Record<200 | 201 | 202 | 204 | 503, SuccessBody>>;
  /**
   * The codes this route answers besides the ones every route of its kind does (the generator adds
   * VALIDATION, the malformed and oversized body codes, UNAUTHORIZED on bearer routes and INTERNAL).
   */
  errors: readonly RouteError[];
}

export type GroupResponses<G extends FunctionGroup> = Record<OperationsOf<G>, OperationResponses>;
