import fc from 'fast-check';
import type { DescribedOperation, JsonSchema, Parameter } from './document';

/**
 * The fuzzer's inputs for one operation, drawn from its OpenAPI description: valid-looking ones
 * (from the declared schemas, the demo data's ids and records) and hostile ones (wrong types,
 * missing and extra fields, control characters, over-long texts, far dates, huge and negative
 * numbers, bodies nested thousands of levels deep, multipart without boundary, bad ids, `../` in path parameters).
 */

/** What the running app already holds: ids of every table, and records its lists answered. */
export interface Samples {
  ids: string[];
  records: Record<string, unknown>[];
}

export interface FuzzRequest {
  method: string;
  url: string;
  contentType?: string;
  payload?: string | Buffer;
  /** What the case is, for the failure message. */
  label: string;
}

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'Pane\u0000nul',
  '\u001b[31mvermelho',
  '\r\nX-Injected: 1',
  '\uD800',
  '\u202Eevil',
  'n'.repeat(5_000),
  '../../etc/passwd',
  '%2e%2e%2f%2e%2e%2f',
  '0001-01-01',
  '99999-01-01',
  '0001-01-01T00:00:00.000Z',
  '+275760-09-13T00:00:00.000Z',
  '2024-02-30',
  'not-a-date',
  'ffffffffffffffffffffffff',
  '5f000000000000000000000Z',
  '00000000-0000-0000-0000-000000000000',
  "' or 1=1 --",
  '{"$gt":""}',
  '1e309',
  'NaN',
];
const HOSTILE_NUMBERS = [-1, 0, -0.5, 1.5, 1e308, -1e308, 2 ** 63, Number.MAX_SAFE_INTEGER + 2, 1e20];
const hostileScalar = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.constantFrom(true, false, null),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileScalar },
  { weight: 1, arbitrary: fc.constantFrom<unknown>([], {}, [[]], { a: { b: { c: {} } } }, ['x', 1, null], { __proto__: { admin: true } }) },
);

/** Field names of the API's bodies and queries, for bodies and queries the route does not describe. */
const FIELD_NAMES = [
  'name', 'description', 'active', 'status', 'action', 'reason', 'date', 'startDate', 'endDate', 'start', 'end',
  'createdAt', 'value', 'price', 'riskManager', 'shipper', 'serviceProvider', 'provider', 'mission', 'email',
  'password', 'username', 'code', 'cnpj', 'cpf', 'phone', 'text', 'message', 'lat', 'lng', 'latitude', 'longitude',
  'q', 'page', 'perPage', 'sort', 'order', 'filter', 'type', 'id', '_id', 'plate', 'franchise', 'km', 'hours',
];

/** Mostly the ids of records the lists answered (a resource's own ids), else any table's. */
const sampleId = (samples: Samples) => {
  const recordIds = samples.records.map((record) => record._id).filter((id): id is string => typeof id === 'string');
  const anyTable = fc.constantFrom(...samples.ids);
  return recordIds.length > 0 ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...recordIds) }, { weight: 1, arbitrary: anyTable }) : anyTable;
};
const hexId = fc.stringMatching(/^[0-9a-f]{24}$/);

/** A value that satisfies `schema` as far as its keywords go (the fields' own rules live in yup). */
function validLooking(schema: JsonSchema | undefined, samples: Samples, depth = 0): fc.Arbitrary<unknown> {
  if (!schema) return fc.oneof(sampleId(samples), fc.string({ maxLength: 20 }), fc.integer({ min: 0, max: 1000 }));
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if ('const' in schema) return fc.constant(schema.const);
  // A declared example (a demo record's key no generator could guess) half the time.
  if (Array.isArray(schema.examples) && schema.examples.length > 0) {
    const { examples, ...rest } = schema;
    return fc.oneof(fc.constantFrom(...(examples as unknown[])), validLooking(rest, samples, depth));
  }
  switch (schema.type) {
    case 'string':
      if (typeof schema.pattern === 'string' && schema.pattern.includes('a-f')) return fc.oneof(sampleId(samples), hexId);
      if (schema.format === 'date-time') return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString());
      if (schema.format === 'date') return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
      return fc.oneof(sampleId(samples), fc.string({ maxLength: typeof schema.maxLength === 'number' ? Math.min(schema.maxLength, 60) : 60 }));
    case 'integer':
      return fc.integer({ min: typeof schema.minimum === 'number' ? schema.minimum : 0, max: typeof schema.maximum === 'number' ? schema.maximum : 10_000 });
    case 'number':
      return fc.double({ min: typeof schema.minimum === 'number' ? schema.minimum : 0, max: typeof schema.maximum === 'number' ? schema.maximum : 10_000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(validLooking(schema.items as JsonSchema | undefined, samples, depth + 1), { maxLength: 3 });
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      if (Object.keys(properties).length === 0 || depth > 3) return recordLike(samples);
      const required = new Set((schema.required ?? []) as string[]);
      return fc.record(
        Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, validLooking(value, samples, depth + 1)])),
        { requiredKeys: Object.keys(properties).filter((key) => required.has(key)) },
      );
    }
    default:
      return fc.oneof(sampleId(samples), fc.string({ maxLength: 20 }));
  }
}

/** A body for a route that checks only "a JSON object": a record the app answered, or pool fields. */
function recordLike(samples: Samples): fc.Arbitrary<Record<string, unknown>> {
  const pooled = fc.dictionary(fc.constantFrom(...FIELD_NAMES), fc.oneof(sampleId(samples), fc.string({ maxLength: 30 }), fc.integer(), fc.boolean()), { maxKeys: 8 });
  return samples.records.length > 0 ? fc.oneof(fc.constantFrom(...samples.records), pooled) : pooled;
}

/** The valid-looking value broken one way: a field hostile, missing, or added; or the whole replaced. */
function broken(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.tuple(valid, fc.nat(), hostileValue).map(([value, index, bad]) => {
      if (!isObject(value)) return bad;
      const keys = Object.keys(value);
      return keys.length === 0 ? { [FIELD_NAMES[index % FIELD_NAMES.length] ?? 'name']: bad } : { ...value, [keys[index % keys.length] ?? 'name']: bad };
    }),
    fc.tuple(valid, fc.nat()).map(([value, index]) => {
      if (!isObject(value)) return undefined;
      const keys = Object.keys(value);
      const drop = keys[index % Math.max(keys.length, 1)];
      return Object.fromEntries(Object.entries(value).filter(([key]) => key !== drop));
    }),
    fc.tuple(valid, fc.constantFrom('extra', '__proto__', 'constructor', 'riskManager', 'serviceProvider', '_id', 'id'), hostileValue).map(([value, key, bad]) =>
      isObject(value) ? { ...value, [key]: bad } : value,
    ),
    hostileValue,
  );
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const HOSTILE_PATH_VALUES = ['..', '../..', '..%2f..%2fetc%2fpasswd', '%2e%2e', '%00', 'x'.repeat(300), '-1', '99999999999999999999', '00000000-0000-0000-0000-000000000000', 'ffffffffffffffffffffffff', '%E2%80%AE', '%ZZ', 'undefined', 'null'];

/** A parameter's schema with the example the document moved beside it put back. */
const withExamples = (p: Parameter): JsonSchema | undefined => (p.example === undefined ? p.schema : { ...p.schema, examples: [p.example] });

/** Path parameter: an id the app holds, a fresh one, an enum value, or a hostile text. */
function pathValue(schema: JsonSchema | undefined, samples: Samples): fc.Arbitrary<string> {
  const valid = validLooking(schema ?? { type: 'string' }, samples).map((value) => encodeURIComponent(String(value)));
  return fc.oneof({ weight: 3, arbitrary: valid }, { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_PATH_VALUES) });
}

function queryString(operation: DescribedOperation, samples: Samples): fc.Arbitrary<string> {
  const declared = (operation.operation.parameters ?? []).filter((p) => p.in === 'query');
  const declaredValues = fc.record(
    Object.fromEntries(declared.map((p) => [p.name, fc.oneof({ weight: 3, arbitrary: validLooking(p.schema, samples) }, { weight: 1, arbitrary: hostileScalar })])),
    { requiredKeys: [] },
  );
  const pooled = fc.dictionary(fc.constantFrom(...FIELD_NAMES), fc.oneof(sampleId(samples), hostileScalar, fc.date({ noInvalidDate: true }).map((d) => d.toISOString())), { maxKeys: 3 });
  // Most cases send only the declared parameters: an undeclared hostile one would end most at 400.
  const extras = fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: pooled });
  return fc.tuple(declaredValues, extras).map(([own, extra]) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries({ ...extra, ...own })) params.append(key, typeof value === 'string' ? value : JSON.stringify(value));
    const text = params.toString();
    return text ? `?${text}` : '';
  });
}

const MULTIPART_BOUNDARY = 'fuzzboundary';
const multipartBody = (fields: Record<string, string>, file: boolean) =>
  Buffer.from(
    [
      ...Object.entries(fields).map(([key, value]) => `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`),
      ...(file ? [`--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="nota.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG\r\n\u001a\n0000\r\n`] : []),
      `--${MULTIPART_BOUNDARY}--\r\n`,
    ].join(''),
    'latin1',
  );

type Payload = { contentType?: string; payload?: string | Buffer; label: string };

const DEEP_LEVELS = 10_000;

/**
 * A valid-looking body with one of its fields (the last, so it wins) an object nested DEEP_LEVELS
 * deep, about 60 kB: what any recursive walk over a body would overflow the stack on. Written as
 * text, so nothing here recurses to build it.
 */
function deeplyNested(value: unknown, index: number): Payload {
  const body = isObject(value) ? value : {};
  const keys = Object.keys(body);
  const key = keys[index % Math.max(keys.length, 1)] ?? 'name';
  const deep = `${'{"a":'.repeat(DEEP_LEVELS)}1${'}'.repeat(DEEP_LEVELS)}`;
  const payload = `${JSON.stringify(body).slice(0, -1)}${keys.length > 0 ? ',' : ''}${JSON.stringify(key)}:${deep}}`;
  return { contentType: 'application/json', payload, label: `valid-looking body with "${key}" nested ${DEEP_LEVELS} levels deep` };
}

/** The body of a write: JSON (valid-looking, broken, or nested thousands of levels deep), or a raw payload no schema describes. */
function bodyOf(operation: DescribedOperation, samples: Samples): fc.Arbitrary<Payload> {
  const schema = operation.operation.requestBody?.content['application/json']?.schema;
  const valid = validLooking(schema ?? { type: 'object' }, samples);
  const json = (value: unknown, label: string): Payload =>
    value === undefined ? { label: `${label}: no body` } : { contentType: 'application/json', payload: JSON.stringify(value), label: `${label}: ${JSON.stringify(value).slice(0, 300)}` };
  return fc.oneof(
    { weight: 3, arbitrary: valid.map((value) => json(value, 'valid-looking body')) },
    { weight: 4, arbitrary: broken(valid).map((value) => json(value, 'broken body')) },
    { weight: 1, arbitrary: fc.tuple(valid, fc.nat()).map(([value, index]) => deeplyNested(value, index)) },
    {
      weight: 2,
      arbitrary: fc.constantFrom<Payload>(
        { contentType: 'multipart/form-data', payload: multipartBody({ description: 'x' }, true), label: 'multipart without boundary' },
        { contentType: `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`, payload: multipartBody({ description: 'Foto do local' }, true), label: 'multipart with a file' },
        { contentType: `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`, payload: multipartBody({ description: '\u0000'.repeat(3) }, false), label: 'multipart, no file, NUL description' },
        { contentType: `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`, payload: Buffer.from('--fuzzboundary\r\ngarbage'), label: 'truncated multipart' },
        { contentType: 'application/json', payload: '{"name": ', label: 'invalid JSON' },
        { contentType: 'application/json', payload: '', label: 'empty JSON body' },
        { contentType: 'text/plain', payload: 'name=x', label: 'text/plain body' },
        { contentType: 'application/json', payload: JSON.stringify({ name: 'n'.repeat(200_000) }), label: 'JSON with a 200 kB text' },
        { contentType: 'application/json', payload: `${'['.repeat(DEEP_LEVELS)}${']'.repeat(DEEP_LEVELS)}`, label: `JSON lists nested ${DEEP_LEVELS} levels deep` },
      ),
    },
  );
}

/** One request to `operation`: path, query and body as described above (the caller adds the token). */
export function requestOf(operation: DescribedOperation, samples: Samples): fc.Arbitrary<FuzzRequest> {
  const pathParams = (operation.operation.parameters ?? []).filter((p) => p.in === 'path');
  const params = fc.record(Object.fromEntries(pathParams.map((p) => [p.name, pathValue(withExamples(p), samples)])), { requiredKeys: pathParams.map((p) => p.name) });
  const writes = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(operation.method);
  const body: fc.Arbitrary<Payload> = writes ? bodyOf(operation, samples) : fc.constant({ label: 'no body' });
  return fc.tuple(params, queryString(operation, samples), body).map(([values, query, { contentType, payload, label }]) => {
    const path = operation.path.replaceAll(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
    const url = `${path}${query}`;
    const request: FuzzRequest = { method: operation.method, url, payload, contentType, label: `${operation.method} ${url.slice(0, 300)} — ${label}` };
    // fast-check prints a counterexample with this: the label, not a 200 kB payload.
    return Object.assign(request, { [fc.toStringMethod]: () => request.label });
  });
}
