import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_SCHEME } from '../../server/http/openapi/plugin';
import { CHECKED_IN_HANDLER } from '../../src/domain/fromSchema';
import { createTestApp, type TestApp } from './helpers';
import { operationsOf, type OpenApiDocument } from './fuzz/document';

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

  // A response schema is also the serializer: a field it does not declare never leaves the server.
  it('declares the success answer of every operation: a JSON schema, a file or stream by its content type, or no body', () => {
    const operations = operationsOf(document);
    expect(operations.filter((op) => !op.successSchema).map((op) => op.key)).toEqual([]);
    const undescribed = operations.filter(({ operation, successStatus, successSchema }) => {
      if (successSchema !== 'declared') return false;
      const content = operation.responses[String(successStatus)]?.content;
      // 204 answers nothing; any other body names its content type and describes it.
      return successStatus !== 204 && !(content && Object.values(content).every((media) => media.schema));
    });
    expect(undescribed.map((op) => op.key)).toEqual([]);
  });

  // One source of truth: the document describes what the shared yup schemas accept, and the routes
  // still validate with those schemas (their Portuguese messages), so Fastify checks only the type.
  it('describes bodies and filters from the shared yup schemas the routes validate with', () => {
    const operation = (key: string) => operationsOf(document).find((op) => op.key === key)?.operation;
    const body = (key: string) => operation(key)?.requestBody?.content['application/json']?.schema;
    const newUser = body('POST /api/risk-managers/login');
    expect(newUser?.required).toEqual(expect.arrayContaining(['name', 'email', 'password']));
    expect(newUser).toMatchObject({
      type: 'object',
      properties: { name: { type: 'string' }, email: { type: 'string' }, role: { properties: { perfil: { enum: ['admin', 'operational', 'ti'] } } } },
      [CHECKED_IN_HANDLER]: 'yup',
    });
    expect(body('PUT /api/v1/billing/mission/{id}')).toMatchObject({ required: ['franchise'], properties: { others: { type: 'object' } } });
    expect((body('POST /api/admin/{type}')?.anyOf as unknown[]).length).toBeGreaterThan(5);
    const filters = (operation('GET /api/reports/billing')?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    expect(filters).toEqual(expect.arrayContaining(['start', 'end', 'status', 'billingTarget', 'companies', 'page']));
  });

  // A generated client, or a proxy checking requests against the document, must accept an upload:
  // the form's fields and its file are described, while the handler reads the stream (src/domain/fileBodies.ts).
  it('describes each upload: the multipart form with its fields and binary file, or the file as the body', () => {
    const content = (key: string) => operationsOf(document).find((op) => op.key === key)?.operation.requestBody?.content ?? {};
    const form = (key: string) => content(key)['multipart/form-data']?.schema;
    const binary = { type: 'string', format: 'binary' };
    expect(form('POST /api/missions/chat')).toMatchObject({
      type: 'object',
      properties: { missionRequest: { type: 'string' }, type: { enum: ['mission_chat', 'ask_finish'] }, message: { type: 'string' }, file: binary },
      required: ['missionRequest', 'type'],
    });
    expect(form('POST /api/missions/{id}/attachments')).toMatchObject({
      type: 'object',
      properties: { description: { type: 'string', maxLength: 500 }, file: { ...binary, 'x-bytes-maximos': 10 * 1024 * 1024 } },
      required: ['description', 'file'],
    });
    const image = content('POST /api/themes/images/{kind}');
    expect(Object.keys(image)).toEqual(['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/svg+xml']);
    for (const media of Object.values(image)) expect(media.schema).toMatchObject({ ...binary, 'x-bytes-maximos': 2 * 1024 * 1024 });
  });
});
