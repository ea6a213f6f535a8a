import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type * as z from '../../shared/validation/z';

/** The gateway's answers: small JSON bodies for the provider, outside the API's envelope. */
export const answer = (
  statusCode: number,
  body: Record<string, unknown>,
): APIGatewayProxyStructuredResultV2 => ({
  statusCode,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** The body exactly as it arrived: signatures are over these bytes, never over re-serialized JSON. */
export const rawBody = (event: APIGatewayProxyEventV2): Buffer =>
  Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8');

/** The body as the schema's type, or null when it is not JSON of that shape. */
export const parseBody = <T extends z.ZodMiniType>(schema: T, body: Buffer): z.infer<T> | null => {
  try {
    const parsed = schema.safeParse(JSON.parse(body.toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};
