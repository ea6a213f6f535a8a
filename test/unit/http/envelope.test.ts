import { describe, expect, it } from 'vitest';
import * as z from '../../../shared/validation/z';
import { errorCatalog, fail, ServiceError } from '../../../shared/domain/errors';
import { errorResponse, successResponse } from '../../../shared/http/envelope';
import { parseWith } from '../../../shared/http/validation';

describe('the envelope', () => {
  it('wraps success as { success: true, data }, and 204 has no body', () => {
    expect(JSON.parse(successResponse(200, { a: 1 }).body!)).toEqual({ success: true, data: { a: 1 } });
    expect(successResponse(204, undefined)).toEqual({ statusCode: 204 });
  });

  it('puts a list’s cursor and counts beside data', () => {
    expect(JSON.parse(successResponse(200, [1], { nextCursor: null, counts: { open: 1 } }).body!)).toEqual({
      success: true,
      data: [1],
      nextCursor: null,
      counts: { open: 1 },
    });
  });

  it('wraps failure as { success: false, error: { code, message, details? } } with the code’s status', () => {
    const response = errorResponse(fail('OTP_INVALID', { attemptsLeft: 3 }));
    expect(response.statusCode).toBe(401);
    expect(JSON.parse(response.body!)).toEqual({
      success: false,
      error: { code: 'OTP_INVALID', message: expect.any(String), details: { attemptsLeft: 3 } },
    });
    expect(JSON.parse(errorResponse(fail('NOT_FOUND')).body!).error).not.toHaveProperty('details');
  });

  it('sends Retry-After equal to details.retryAfterSeconds', () => {
    const response = errorResponse(fail('RATE_LIMITED', { retryAfterSeconds: 42 }));
    expect(response.statusCode).toBe(429);
    expect(response.headers?.['retry-after']).toBe('42');
  });

  it('gives the generic codes their documented statuses and domain rules 422', () => {
    const statuses = Object.fromEntries(
      Object.entries(errorCatalog).map(([code, entry]) => [code, entry.status]),
    );
    expect(statuses).toMatchObject({
      BAD_REQUEST: 400,
      VALIDATION: 400,
      UNAUTHORIZED: 401,
      FORBIDDEN: 403,
      NOT_FOUND: 404,
      CONFLICT: 409,
      STOPPED_BY_DEPENDENT: 409,
      RATE_LIMITED: 429,
      INTERNAL: 500,
      UNAVAILABLE: 503,
      EVIDENCE_VERIFICATION_UNAVAILABLE: 503,
      SEAT_ACTIVE: 422,
      BIRTH_DATE_OUT_OF_RANGE: 422,
      EMAIL_DOMAIN_INVALID: 422,
    });
    expect(new ServiceError('HTTP_ERROR', { status: 413 }).status).toBe(413);
  });
});

describe('validation messages', () => {
  it('list each problem as path: problem, joined by "; ", in English', () => {
    const schema = z.strictObject({ name: z.string(), nested: z.strictObject({ n: z.number() }) });
    try {
      parseWith(schema, { nested: { n: 'x' }, extra: 1 });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ServiceError);
      const message = (error as ServiceError).message;
      expect((error as ServiceError).code).toBe('VALIDATION');
      expect(message.split('; ')).toEqual([
        'name: Invalid input: expected string, received undefined',
        'nested.n: Invalid input: expected number, received string',
        'body: unknown field(s) extra',
      ]);
    }
  });
});

describe('validation messages of a union', () => {
  it('speak for the alternative the input came closest to', () => {
    const schema = z.union([
      z.strictObject({ email: z.string(), code: z.string() }),
      z.strictObject({ token: z.string() }),
    ]);
    try {
      parseWith(schema, { email: 'a@example.com', code: 1 });
      expect.unreachable();
    } catch (error) {
      expect((error as ServiceError).message).toMatch(/^code: /);
    }
  });
});
