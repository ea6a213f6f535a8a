import document from '../../../docs/openapi.json' with { type: 'json' };

/**
 * The committed OpenAPI document (`npm run openapi` writes it), in a chunk of its own beside the
 * health handler: only `GET /openapi.json` loads it, so the group's cold start never parses it.
 */
export { document as openApiDocument };
