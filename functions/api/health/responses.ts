import * as z from '../../../shared/validation/z';
import type { GroupResponses } from '../contract';
import { count } from '../answers';

export const healthReport = z.strictObject({
  status: z.enum(['ok', 'degraded']),
  /** Seconds since the function started. */
  uptime: count,
  services: z.record(z.string(), z.strictObject({ status: z.enum(['ok', 'down']), ms: count })),
});

export const responses = {
  health: {
    summary: 'Whether the database and the event stream answer, with their times',
    description: 'Without the envelope: 200 `ok`, 503 `degraded` when a service does not answer.',
    input: 'none',
    success: { 200: { json: healthReport }, 503: { json: healthReport } },
    errors: [],
  },
  openApiDocument: {
    summary: 'This document',
    description: 'The OpenAPI 3.1 document of the API, without the envelope.',
    input: 'none',
    success: {
      200: {
        json: z.looseObject({
          openapi: z.string().check(z.regex(/^3\.1\.\d+$/)),
          info: z.looseObject({ title: z.string(), version: z.string() }),
          paths: z.record(z.string(), z.looseObject({})),
        }),
      },
    },
    errors: [],
  },
} satisfies GroupResponses<'health'>;
