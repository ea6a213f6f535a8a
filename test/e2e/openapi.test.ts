import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { call } from './support/api';

describe('the OpenAPI document', () => {
  it('is served at GET /openapi.json without the envelope, as committed', async () => {
    const answer = await call('GET', '/openapi.json');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.body).toEqual(JSON.parse(readFileSync('docs/openapi.json', 'utf8')));
  });
});
