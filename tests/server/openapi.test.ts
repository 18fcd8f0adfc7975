import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_SCHEME, TOKEN_SCHEME } from '../../server/http/openapi/plugin';
import { FILE_TYPES } from '../../src/domain/fileAnswer';
import { CHECKED_IN_HANDLER } from '../../src/domain/fromSchema';
import { createTestApp, type TestApp } from './helpers';
import { CATALOGUES } from '../../src/domain/catalogues';
import { yupDescribed } from '../../src/domain/jsonSchemaOf';
import { RECORDS } from '../../src/domain/recordSchemas';
import { operationsOf, type JsonSchema, type OpenApiDocument } from './fuzz/document';

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
    expect(secured('GET /api/missions/request/monitoring')).toEqual([{ [TOKEN_SCHEME]: [] }, { [API_KEY_SCHEME]: ['missions:read'] }]);
    // A row without a key scope asks for the session token only (docs/rules/integrations.md).
    expect(secured('GET /api/admin/audit')).toEqual([{ [TOKEN_SCHEME]: [] }]);
    expect(document.components.securitySchemes[API_KEY_SCHEME]).toMatchObject({ type: 'http', scheme: 'bearer' });
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

  // A file answer (src/domain/fileAnswer.ts) is described by its media type, never as JSON.
  it('describes the PDF and Excel answers by their media type, as binary', () => {
    const media = (key: string) => operationsOf(document).find((op) => op.key === key)?.operation.responses['200']?.content;
    const binary = { schema: { type: 'string', format: 'binary' } };
    expect(media('GET /api/reports/missionDetail/pdf')).toEqual({ [FILE_TYPES.pdf]: binary });
    for (const key of [
      'GET /api/reports/billing/excel',
      'GET /api/reports/scorecards/excel',
      'GET /api/reports/scorecards/{id}/excel',
      'GET /api/admin/audit/excel',
      'POST /api/admin/lists/excel',
    ]) {
      expect(media(key), key).toEqual({ [FILE_TYPES.xlsx]: binary });
    }
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
    expect(body('POST /api/admin/causes')).toMatchObject({ required: ['name', 'active'], properties: { name: { type: 'string' }, active: { type: 'boolean' } } });
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

// Each catalogue of the registry has its own calls (src/domain/catalogueContracts.ts): a client or a
// reader of the document sees that catalogue's fields, never a choice among every catalogue's.
describe('the catalogues in the OpenAPI document', () => {
  const admin = Object.entries(CATALOGUES).filter(([name, entry]) => name in RECORDS && entry.endpoint.base === 'admin' && entry.endpoint.list === name);
  const operation = (key: string) => operationsOf(document).find((op) => op.key === key);
  const fieldsOf = (schema: JsonSchema | 'declared' | undefined) => Object.keys((schema as { properties?: object } | undefined)?.properties ?? {}).sort();
  /** Every `anyOf` in a schema, at any depth, with the number of its choices. */
  const choices = (schema: unknown): number[] =>
    schema === null || typeof schema !== 'object'
      ? []
      : [...(Array.isArray((schema as JsonSchema).anyOf) ? [((schema as JsonSchema).anyOf as unknown[]).length] : []), ...Object.values(schema).flatMap(choices)];

  it('has no call for every catalogue at once', () => {
    expect(Object.keys(document.paths).filter((path) => path.includes('{type}'))).toEqual([]);
  });

  it.each(admin)('%s: its own body and answer at /api/admin/%s', (name, entry) => {
    const path = `/api/admin/${name}`;
    const body = operation(`POST ${path}`)?.operation.requestBody?.content['application/json']?.schema;
    const form = fieldsOf(yupDescribed(RECORDS[name as keyof typeof RECORDS].schema));
    expect(fieldsOf(body)).toEqual(form);
    expect(fieldsOf(operation(`PUT ${path}/{id}`)?.operation.requestBody?.content['application/json']?.schema)).toEqual(form);
    const created = operation(`POST ${path}`);
    expect(created?.successStatus).toBe(201);
    const record = created?.successSchema as JsonSchema;
    expect(record.description).toBe(entry.label);
    // The record answers its id and the form's fields (its tenant and joined names besides).
    expect(fieldsOf(record)).toEqual(expect.arrayContaining(['_id', ...form.filter((field) => field !== 'riskManager')]));
    for (const key of [`GET ${path}/{id}`, `PUT ${path}/{id}`]) expect(operation(key)?.successSchema, key).toEqual(record);
    // The list is that record's list: the whole array, or for the lists paged on the server the array or one page.
    const list = operation(`GET ${path}`)?.successSchema as JsonSchema;
    const whole = (list.anyOf as JsonSchema[] | undefined)?.[0] ?? list;
    expect(whole.items).toEqual(record);
    expect(operation(`DELETE ${path}/{id}`)?.successStatus).toBe(204);
    // The only choice left is the paged list's (array or page): never one among catalogues.
    for (const key of ['POST', 'PUT', 'GET', 'DELETE'].flatMap((method) => [`${method} ${path}`, `${method} ${path}/{id}`])) {
      const op = operation(key)?.operation;
      expect(choices([op?.requestBody, op?.responses['200'], op?.responses['201']]).filter((n) => n !== 2), key).toEqual([]);
    }
  });
});
