/**
 * The fuzzer over every operation of the OpenAPI document (the API's contract): each operation,
 * as each demo role and anonymously, receives generated inputs (tests/server/fuzz/inputs.ts) and
 * must never answer 5xx, must refuse in the normalised Portuguese error shape, must answer 2xx
 * bodies that match its declared response schema, and must leave the database as it was when it
 * refuses a write. Seeded and reproducible: FUZZ_SEED=<printed seed>; FUZZ_RUNS sets the cases per
 * operation (CI: a few per role; `npm run fuzz`: thousands in all).
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorSchema } from '../../server/http/openapi/errorShape';
import { startAddressUpstream, type AddressUpstream } from '../stubs/addressUpstream';
import { operationsOf, type DescribedOperation, type OpenApiDocument } from './fuzz/document';
import { changedTables, databaseFingerprint } from './fuzz/fingerprint';
import { requestOf, type FuzzRequest, type Samples } from './fuzz/inputs';
import { createTestApp, login, type TestApp } from './helpers';

const RUNS = Number(process.env.FUZZ_RUNS ?? 16);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
console.log(`fuzz: seed ${SEED}, ${RUNS} cases per operation (FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} to replay)`);

/** Every demo login (server/demo/seed.ts) and the caller without a token. */
const ROLES = {
  admin: 'admin@demo.com.br',
  gestor: 'gestor@demo.com.br',
  operador: 'operador@demo.com.br',
  ti: 'ti@demo.com.br',
  prestador: 'prestador@demo.com.br',
  prestador2: 'prestador2@demo.com.br',
  'gestor.norte': 'gestor.norte@demo.com.br',
  anonymous: null,
} as const;
type Role = keyof typeof ROLES;

/** The document's operations, read from the app itself before the tests are declared. */
const { operations, document } = await (async () => {
  const app = await createTestApp();
  try {
    const raw = (await app.app.inject({ url: '/api/openapi.json' })).json<OpenApiDocument>();
    // Dereferenced: response schemas and the shared error become plain schemas for ajv.
    const dereferenced = (await SwaggerParser.dereference(structuredClone(raw) as never)) as unknown as OpenApiDocument;
    return { operations: operationsOf(dereferenced), document: dereferenced };
  } finally {
    await app.close();
  }
})();

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
const isErrorBody = ajv.compile(errorSchema);
const responseValidators = new Map<string, ValidateFunction>();
for (const op of operations) if (typeof op.successSchema === 'object') responseValidators.set(op.key, ajv.compile(op.successSchema));

let t: TestApp;
let stub: AddressUpstream;
let tokens: Record<Role, string | null>;
let samples: Samples;

beforeAll(async () => {
  stub = await startAddressUpstream();
  t = await createTestApp({ cepUpstream: stub.cepUrl, geocodeUpstream: stub.geocodeUrl, geocodeIntervalMs: 0 });
  tokens = Object.fromEntries(
    await Promise.all(Object.entries(ROLES).map(async ([role, email]) => [role, email ? await login(t.app, email) : null] as const)),
  ) as Record<Role, string | null>;
  samples = await samplesOf(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await stub?.close();
});

/** Ids of every table (a few each) and the records the admin's and the gestor's lists answer. */
async function samplesOf(app: TestApp): Promise<Samples> {
  const tables = (
    (await app.database.db.execute(
      sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'id' order by table_name`,
    )) as { rows: { table_name: string }[] }
  ).rows.map((row) => row.table_name);
  const ids: string[] = [];
  for (const table of tables) {
    const result = (await app.database.db.execute(sql.raw(`select id::text as id from "${table}" order by id limit 4`))) as { rows: { id: string }[] };
    ids.push(...result.rows.map((row) => row.id));
  }
  const records: Record<string, unknown>[] = [];
  for (const op of operations.filter((o) => o.method === 'GET' && !o.path.includes('{') && !o.path.includes('live'))) {
    for (const role of ['admin', 'gestor'] as const) {
      const response = await app.app.inject({ method: 'GET', url: op.path, headers: { 'x-access-token': tokens[role] ?? '' } });
      const body: unknown = response.headers['content-type']?.toString().startsWith('application/json') ? response.json() : undefined;
      const list = Array.isArray(body) ? body : [];
      records.push(...list.slice(0, 2).filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null));
    }
  }
  return { ids, records };
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
let client = 0;
/** Operations that answered 2xx at least once: the inputs reach past the refusals. */
const succeeded = new Set<string>();
const statusCounts = new Map<string, number>();

async function check(op: DescribedOperation, role: Role, request: FuzzRequest) {
  const writes = WRITES.has(op.method);
  const before = writes ? await databaseFingerprint(t.database.db) : '';
  const token = tokens[role];
  const response = await t.app.inject({
    method: request.method as 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: request.url,
    payload: request.payload,
    // Each case from its own address: the per-address limits would otherwise answer 429 to the rest.
    remoteAddress: `10.${(++client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`,
    headers: { ...(token ? { 'x-access-token': token } : {}), ...(request.contentType ? { 'content-type': request.contentType } : {}) },
  });
  const what = `${role}: ${request.label} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  const family = `${Math.floor(response.statusCode / 100)}xx`;
  statusCounts.set(family, (statusCounts.get(family) ?? 0) + 1);
  if (response.statusCode < 300) succeeded.add(op.key);
  expect(response.statusCode, what).toBeLessThan(500);
  const json = response.headers['content-type']?.toString().startsWith('application/json');
  if (response.statusCode >= 400) {
    expect(json, what).toBe(true);
    expect(isErrorBody(response.json()), `${what}\nnot the normalised error: ${ajv.errorsText(isErrorBody.errors)}`).toBe(true);
    if (writes) {
      const after = await databaseFingerprint(t.database.db);
      expect(changedTables(before, after), `${what}\na refused write changed these tables`).toEqual([]);
    }
  }
  const validate = responseValidators.get(op.key);
  if (response.statusCode < 300 && json && validate && response.body !== '') {
    expect(validate(response.json()), `${what}\nnot the declared response: ${ajv.errorsText(validate.errors)}`).toBe(true);
  }
}

describe('fuzzing every operation of the OpenAPI document', () => {
  it('has the operations to fuzz', () => {
    expect(operations.length).toBeGreaterThan(50);
    expect(document.openapi).toBe('3.1.0');
  });

  operations.forEach((op, index) => {
    it(
      op.key,
      async () => {
        await fc.assert(
          fc.asyncProperty(fc.constantFrom(...(Object.keys(ROLES) as Role[])), requestOf(op, samples), (role, request) =>
            check(op, role, request),
          ),
          { seed: SEED + index, numRuns: RUNS, endOnFailure: true },
        );
      },
      RUNS * 2_000 + 10_000,
    );
  });

  // A floor, not a goal: at 16 cases per operation (8 roles, most inputs hostile) about a third of
  // the reads answer 2xx at least once; fewer means the inputs stopped reaching the handlers.
  it('got past the refusals: a quarter of the read operations answered 2xx at least once', () => {
    const reads = operations.filter((op) => op.method === 'GET');
    const readsSucceeded = reads.filter((op) => succeeded.has(op.key)).length;
    console.log(
      `fuzz: answers ${JSON.stringify(Object.fromEntries(statusCounts))}; 2xx at least once: ${succeeded.size} of ${operations.length} operations, ${readsSucceeded} of ${reads.length} reads`,
    );
    expect(readsSucceeded).toBeGreaterThanOrEqual(reads.length / 4);
  });
});
