import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contracts } from '../../../functions/api/openapi/document';
import { documentFile, documentText } from '../../../functions/api/openapi/write';
import { functionGroups, routes } from '../../../infra/routes';
import { contractChecker } from '../../support/contract';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- reads any field of the document

const document = JSON.parse(documentText()) as Json;
const operations = Object.values(document['paths'] as Record<string, Record<string, Json>>).flatMap((item) =>
  Object.values(item),
);

describe('the OpenAPI document', () => {
  it('has a contract entry, request and responses, for every route of the table and none without a route', () => {
    for (const group of functionGroups) {
      const named = routes.filter((route) => route.group === group).map((route) => route.operation);
      expect(Object.keys(contracts[group].requests).sort(), group).toEqual([...named].sort());
      expect(Object.keys(contracts[group].responses).sort(), group).toEqual([...named].sort());
    }
  });

  it('is the committed docs/openapi.json (run `npm run openapi` after changing a route or a schema)', () => {
    expect(readFileSync(documentFile, 'utf8')).toBe(documentText());
  });

  it('has one operation per route, named for it, with its auth', () => {
    expect(operations).toHaveLength(routes.length);
    for (const route of routes) {
      const operation = document['paths'][route.path][route.method.toLowerCase()] as Json;
      expect(operation['operationId']).toBe(route.operation);
      expect(operation['tags']).toEqual([route.group]);
      // A guardian's token on guardian routes, an operator's on the backoffice's.
      expect(operation['security']).toEqual(route.auth === 'public' ? [] : [{ [route.auth]: [] }]);
      if (route.auth !== 'public') expect(operation['responses']['401']).toBeDefined();
    }
  });

  it("takes the consent link's token as a path parameter, its only credential", () => {
    const page = document['paths']['/consent-requests/{token}']['get'] as Json;
    expect(page['security']).toEqual([]);
    expect(page['parameters']).toEqual([
      expect.objectContaining({ name: 'token', in: 'path', required: true }),
    ]);
  });

  it('documents the request schemas the handlers validate with', () => {
    const dependent = document['paths']['/seats/{uid}/dependent']['put']['requestBody'] as Json;
    expect(dependent['required']).toBe(true);
    expect(dependent['content']['application/json']['schema']).toMatchObject({
      required: ['kind', 'name', 'birthDate', 'relationship'],
      additionalProperties: false,
    });
    const accept = document['paths']['/consent-requests/{token}/accept']['post']['requestBody'] as Json;
    expect(accept['required']).toBe(false);
    const renewal = document['paths']['/seats/{uid}/pairing/challenge']['post']['parameters'] as Json[];
    expect(renewal).toContainEqual(expect.objectContaining({ name: 'method', in: 'query', required: false }));
  });

  it('lists the common codes and each route’s own, with the Retry-After of rate-limited routes', () => {
    const request = document['paths']['/auth/otp/request']['post']['responses'] as Json;
    expect(Object.keys(request)).toEqual(['202', '400', '413', '422', '429', '500', '503']);
    expect(document['components']['responses']['RateLimited']['headers']['Retry-After']).toBeDefined();
    // Every route may find a dependency busy or slow; health's own 503 is its degraded answer.
    expect(request['503']).toEqual({ $ref: '#/components/responses/Unavailable' });
    const unavailable = document['components']['responses']['Unavailable'] as Json;
    expect(
      unavailable['content']['application/json']['schema']['allOf'][1]['properties']['error']['properties'][
        'code'
      ]['enum'],
    ).toEqual(['UNAVAILABLE']);
    expect(Object.keys(document['paths']['/health']['get']['responses'] as Json)).toContain('503');
    const activate = document['paths']['/seats/{uid}/activate']['post']['responses'] as Json;
    expect(
      activate['422']['content']['application/json']['schema']['allOf'][1]['properties']['error'][
        'properties'
      ]['code']['enum'],
    ).toEqual(expect.arrayContaining(['CONSENT_REQUIRED', 'RELATIONSHIP_REFUTED', 'CAMPAIGN_NOT_FOUND']));
  });
});

describe('checking answers against the document', () => {
  const check = contractChecker(document);
  const seat = {
    uid: 'st_x',
    status: 'pending',
    price: { amount: 1990, currency: 'BRL' },
    activationRequiresConsent: true,
    consent: null,
    trial: { state: 'not_started', label: '7 days free', trialEndsAt: null },
    dependent: null,
    pause: null,
  };
  const answer = (status: number, body: unknown, contentType: string | null = 'application/json') => ({
    method: 'GET',
    path: '/seats/st_x',
    status,
    contentType,
    body,
  });

  it('accepts an answer the document describes', () => {
    expect(check(answer(200, { success: true, data: seat }))).toEqual([]);
    expect(
      check(answer(404, { success: false, error: { code: 'NOT_FOUND', message: 'Not found.' } })),
    ).toEqual([]);
    expect(
      check({ method: 'DELETE', path: '/seats/st_x', status: 204, contentType: null, body: null }),
    ).toEqual([]);
  });

  it('refuses a body that differs from the schema: a missing field, an extra one, a wrong type', () => {
    const { price: _, ...withoutPrice } = seat;
    expect(check(answer(200, { success: true, data: withoutPrice }))).toContainEqual(
      expect.stringContaining("must have required property 'price'"),
    );
    expect(check(answer(200, { success: true, data: { ...seat, secret: 1 } }))).not.toEqual([]);
    expect(check(answer(200, { success: true, data: { ...seat, status: 'gone' } }))).not.toEqual([]);
    expect(
      check(answer(200, { success: true, data: { ...seat, trial: { ...seat.trial, trialEndsAt: 'soon' } } })),
    ).not.toEqual([]);
    expect(check(answer(200, seat))).not.toEqual([]);
  });

  it('refuses a status the route does not answer, and a code its status does not list', () => {
    expect(check(answer(418, null))).toEqual(['418 is not a documented answer']);
    expect(
      check(answer(422, { success: false, error: { code: 'SEAT_ACTIVE', message: 'No.' } })),
    ).toContainEqual(expect.stringContaining('422'));
    expect(check(answer(404, { success: false, error: { code: 'CONFLICT', message: 'No.' } }))).not.toEqual(
      [],
    );
  });

  it('refuses a body on a 204 and a JSON answer of another media type', () => {
    expect(
      check({ method: 'DELETE', path: '/seats/st_x', status: 204, contentType: null, body: {} }),
    ).not.toEqual([]);
    expect(check(answer(200, { success: true, data: seat }, 'text/html'))).not.toEqual([]);
  });

  it('takes an unknown route only as the 404 NOT_FOUND of the $default route', () => {
    const unknown = { method: 'GET', path: '/no/such/route', contentType: 'application/json' };
    const notFound = { success: false, error: { code: 'NOT_FOUND', message: 'No such route.' } };
    expect(check({ ...unknown, status: 404, body: notFound })).toEqual([]);
    expect(check({ ...unknown, status: 200, body: { success: true, data: {} } })).not.toEqual([]);
    expect(check({ ...unknown, method: 'PATCH', path: '/catalog', status: 404, body: notFound })).toEqual([]);
  });

  it('takes 400 BAD_REQUEST for an unmatched path only when its percent-encoding is malformed', () => {
    const badRequest = { success: false, error: { code: 'BAD_REQUEST', message: 'Bad path.' } };
    const asked = { method: 'GET', contentType: 'application/json', status: 400, body: badRequest };
    expect(check({ ...asked, path: '/seats/%E0%A4%A' })).toEqual([]);
    expect(check({ ...asked, path: '/no/such/route' })).not.toEqual([]);
  });
});
