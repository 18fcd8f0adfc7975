import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_SCHEME } from '../../server/http/openapi/plugin';
import { createTestApp, type TestApp } from './helpers';
import { operationsOf, type OpenApiDocument } from './fuzz/document';

/**
 * Operations whose success answer has no response schema yet. A response schema is also the
 * serializer (a field it does not declare never leaves the server), so this list may only shrink:
 * a new route without one, or a route listed here that got one, fails the test below.
 */
const STILL_WITHOUT_RESPONSE_SCHEMA: string[] = [
  'GET /api/address/{cep}/json',
  'GET /api/address/geocode',
  'GET /api/address/reverse',
  'GET /api/storage/riskmanager/{file}',
  'GET /api/storage/mission/attachments/{file}',
  'GET /api/storage/mission/chat/{file}',
  'GET /api/themes/',
  'PUT /api/themes/',
  'GET /api/missions/live',
  'POST /api/themes/images/{kind}',
  'DELETE /api/themes/images/{kind}',
];

let t: TestApp;
let document: OpenApiDocument;
beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.inject({ url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json();
}, 60_000);
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    // validate() dereferences in place: a copy keeps the shared components for the checks below.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it('describes only the API: no SPA catch-all, no reader files, no document itself', () => {
    const paths = Object.keys(document.paths);
    expect(paths.length).toBeGreaterThan(50);
    expect(paths.filter((path) => !path.startsWith('/api/') || path.startsWith('/api/docs') || path === '/api/openapi.json')).toEqual([]);
  });

  it('gives every operation a Portuguese summary and the normalised error for its 4xx and 5xx', () => {
    const operations = operationsOf(document);
    expect(operations.filter((op) => !op.operation.summary).map((op) => op.key)).toEqual([]);
    for (const { operation } of operations) {
      expect(operation.responses['4XX']).toEqual({ $ref: '#/components/responses/Erro' });
      expect(operation.responses['5XX']).toEqual({ $ref: '#/components/responses/Erro' });
    }
    expect(document.components.schemas.Erro).toBeDefined();
  });

  it('declares the token header, and asks it exactly of the authenticated calls', () => {
    expect(document.components.securitySchemes[TOKEN_SCHEME]).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-access-token' });
    const secured = (key: string) => operationsOf(document).find((op) => op.key === key)?.operation.security;
    expect(secured('GET /api/missions/request/monitoring')).toEqual([{ [TOKEN_SCHEME]: [] }]);
    expect(secured('POST /api/auth/')).toBeUndefined();
    expect(secured('GET /api/health')).toBeUndefined();
  });

  it('declares a response schema for the success answer of every operation but the listed ones', () => {
    const missing = operationsOf(document)
      .filter((op) => !op.successSchema)
      .map((op) => op.key);
    console.log(`operations: ${operationsOf(document).length}; still without a response schema: ${missing.length}\n  ${missing.join('\n  ')}`);
    expect(missing).toEqual(STILL_WITHOUT_RESPONSE_SCHEMA);
  });
});
