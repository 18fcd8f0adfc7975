/**
 * Every field of every shared schema against what an attacker or a confused client sends: values
 * of the wrong JSON type, null, control characters and over-long texts. Each must give an issue on
 * that field with a Portuguese message from messages.ts (the server answers it as a 400); none may
 * throw (a throw is the server's 500) nor be coerced into a valid value.
 */
import { describe, expect, it } from 'vitest';
import type { AnyObjectSchema, AnySchema } from 'yup';
import * as messages from '../../src/domain/messages';
import * as schemas from '../../src/domain/schemas';
import { validateSync } from '../../src/domain/validate';
import { MAX_LENGTH } from '../../src/domain/validators/text';

const ID = 'a'.repeat(24);
const ID2 = 'b'.repeat(24);

const plan = {
  riskManager: ID,
  franchise_plan: ID2,
  name: 'Plano 4h',
  price: 35000,
  limits: { distance: 150, intervalType: 'start_end', hourIntervalType: 'start_endOnPlace', time: '04:00' },
  overages: { chargeType: 'full_time', distancePrice: 250, hourPrice: 9000 },
  toll: { toCharge: true, price: 500 },
  active: true,
};
const location = {
  zipcode: '01310100',
  address: 'Avenida Paulista',
  number: '1000',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
  latitude: -23.56,
  longitude: -46.65,
};
const lookup = { name: 'Pane', active: true, riskManager: ID };
const company = { name: 'Trans', legalName: 'Trans Ltda', cnpj: '11222333000181', active: true, riskManager: ID };

/** Each shared schema with a body it accepts. */
const CASES: [string, AnyObjectSchema, Record<string, unknown>][] = [
  ['causes', schemas.causeSchema, lookup],
  ['carriers', schemas.carrierSchema, lookup],
  ['places', schemas.placeSchema, lookup],
  ['leaderships', schemas.leadershipSchema, lookup],
  ['requesters', schemas.requesterSchema, lookup],
  ['states', schemas.stateSchema, { name: 'São Paulo', active: true }],
  ['cities', schemas.citySchema, { name: 'Campinas', state: ID, active: true }],
  ['shippers', schemas.shipperSchema, company],
  [
    'service providers',
    schemas.serviceProviderSchema,
    { ...company, contacts: { phone1: '11988887777', phone2: '1133334444', phone3: '1133334445' }, base: location, pfAuthorization: { number: 'PF-2026/001', validUntil: '2030-01-01' } },
  ],
  ['services', schemas.franchiseSchema, { name: 'Escolta', type: 'service_provider', active: true, riskManager: ID }],
  ['shipper plans', schemas.shipperFranchisePlanSchema, { ...plan, shipper: ID }],
  ['provider plans', schemas.providerFranchisePlanSchema, { ...plan, serviceProvider: ID }],
  [
    'mission configs',
    schemas.missionConfigSchema,
    { required: { cause: true, carrier: false, place: true, leadership: false }, sla: { proposal: 15, accept: 30, arrival: 0, execution: 240, billing: null }, eta: { roadFactor: 1.4, averageSpeedKmh: 35 }, arrival: { radius: 250 }, alarms: { phone: '11987654321', emails: 'central@demo.com.br', escalateMinutes: 5, silenceMinutes: 15 } },
  ],
  [
    'provider login create',
    schemas.providerLoginCreateSchema,
    {
      email: 'op@prov.com.br',
      name: 'Op',
      password: 'Demo@123',
      role: { perfil: 'operational' },
      active: true,
      serviceProvider: ID,
      serviceProviderName: 'Prov',
    },
  ],
  ['provider login update', schemas.providerLoginUpdateSchema, { id: ID, role: { perfil: 'admin' }, active: false }],
  [
    'user create',
    schemas.userCreateSchema,
    { name: 'Ana', email: 'ana@x.com', password: 'Segura@123', role: { perfil: 'ti' }, active: true, riskManager: ID },
  ],
  ['user update', schemas.userUpdateSchema, { name: 'Ana', role: { perfil: 'ti' }, active: true }],
  ['password reset', schemas.resetPasswordSchema, { password: 'Segura@123' }],
  [
    'new mission',
    schemas.newMissionSchema({ cause: true, carrier: true, place: true, leadership: true }),
    { processNumber: 'P-1', shipper: ID, franchise_plan: ID2, requester: ID, cause: ID, carrier: ID, place: ID, leadership: ID, location, fiscalKeys: { nfe: [], cte: [], mdfe: [] } },
  ],
  ['mission status change', schemas.statusChangeSchema, { missionRequest: ID, serviceProvider: ID2, status: 'started' }],
  ['proposal', schemas.proposalFormSchema, { eta: { time: '01:30', distanceInKm: 12.5 }, location }],
  ['billing', schemas.billingSchema, { franchise: ID, others: { toll: 0, expenses: 100, additions: 0, discounts: 50 } }],
];

interface Leaf {
  path: string;
  type: string;
  nullable: boolean;
  /** A closed list of values (selects): anything else is 'Opção inválida' first. */
  closed: boolean;
  max?: number;
  /** Decimal fields (coordinates, km) take decimal text too: docs/rules/validation.md makes '-23,5' a valid entry. */
  decimalText: boolean;
}

/** The leaf fields of an object schema, with their yup type and maximum length (when any). */
function leaves(schema: AnySchema, prefix = ''): Leaf[] {
  const fields = (schema as AnyObjectSchema).fields as Record<string, AnySchema>;
  return Object.entries(fields).flatMap(([key, field]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (field.type === 'object') return leaves(field, path);
    const description = field.describe();
    const max = description.tests.find((test) => test.name === 'max')?.params?.max;
    return [
      {
        path,
        type: field.type,
        nullable: description.nullable,
        closed: description.oneOf.length > 0,
        max: field.type === 'string' && typeof max === 'number' ? max : undefined,
        decimalText: (description.meta as { decimalText?: boolean } | undefined)?.decimalText === true,
      },
    ];
  });
}

const objects = (schema: AnySchema, prefix = ''): string[] =>
  Object.entries((schema as AnyObjectSchema).fields as Record<string, AnySchema>).flatMap(([key, field]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return field.type === 'object' ? [path, ...objects(field, path)] : [];
  });

function withValue(body: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  const keys = path.split('.');
  let target: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[keys[keys.length - 1]!] = value;
  return copy;
}

const EXPORTED = new Set(Object.values(messages as Record<string, unknown>).filter((v: unknown): v is string => typeof v === 'string'));
const PATTERNS = [/^Máximo de \d+ caracteres$/, /^Valor (mínimo|máximo): \d+$/];
const isOurMessage = (message: string) => EXPORTED.has(message) || PATTERNS.some((re) => re.test(message));

/** The one issue on `path` after validating `body` (throws, failing the test, if yup throws). */
function issueAt(schema: AnySchema, body: unknown, path: string) {
  const result = validateSync(schema, body);
  return result.ok ? undefined : result.issues.find((issue) => issue.path === path);
}

/** Values of another JSON type than the field's; numbers and booleans also get look-alike strings. */
const wrongValues = ({ type, decimalText }: Leaf): unknown[] => {
  // A list (the cargo's fiscal keys) takes any list: what is wrong about it is not being one.
  if (type === 'array') return [{}, { a: 1 }, 1, true];
  const common: unknown[] = [[], ['x'], {}, { a: 1 }];
  if (type === 'string') return [...common, 1, true];
  if (type === 'number') return decimalText ? [...common, true] : [...common, '12', true];
  if (type === 'boolean') return [...common, 'true', 1];
  return common;
};

describe.each(CASES)('%s schema', (_, schema, valid) => {
  it('accepts its sample body', () => {
    expect(validateSync(schema, valid).ok).toBe(true);
  });

  it.each(leaves(schema).map((leaf) => [leaf.path, leaf] as const))('%s: a wrong type is refused in Portuguese', (path, leaf) => {
    for (const value of wrongValues(leaf)) {
      const issue = issueAt(schema, withValue(valid, path, value), path);
      expect(issue, `${JSON.stringify(value)} on ${path}`).toBeDefined();
      expect(issue!.code).toBe('invalid_type');
      expect(issue!.message).toBe(messages.INVALID_TYPE);
    }
  });

  it.each(leaves(schema).map((leaf) => [leaf.path, leaf] as const))('%s: null is refused unless the field is nullable', (path, leaf) => {
    const issue = issueAt(schema, withValue(valid, path, null), path);
    if (leaf.nullable) return;
    expect(issue, `null on ${path}`).toBeDefined();
    expect(isOurMessage(issue!.message), issue!.message).toBe(true);
  });

  const texts = leaves(schema).filter((leaf) => leaf.type === 'string');
  it.each(texts.map((leaf) => [leaf.path, leaf] as const))('%s: control characters are refused', (path, leaf) => {
    const expected = leaf.closed
      ? { code: 'invalid_enum_value', path, message: messages.INVALID_OPTION }
      : { code: 'invalid_string', path, message: messages.CONTROL_CHARACTERS_NOT_ALLOWED };
    for (const bad of ['a\u0000b', 'x\u0007', '\u001b[31m', 'a\u007fb']) {
      expect(issueAt(schema, withValue(valid, path, bad), path), JSON.stringify(bad)).toEqual(expected);
    }
  });

  const limited = leaves(schema).filter((leaf) => leaf.max !== undefined);
  it.each(limited.map((leaf) => [leaf.path, leaf] as const))('%s: one character over the maximum is refused', (path, leaf) => {
    const max = leaf.max!;
    expect(issueAt(schema, withValue(valid, path, 'a'.repeat(max + 1)), path)).toEqual({
      code: 'too_big',
      path,
      message: messages.maxLength(max),
    });
    expect(issueAt(schema, withValue(valid, path, 'a'.repeat(100_000)), path)?.message).toBe(messages.maxLength(max));
  });

  // null counts as missing (too_small, as for any field); the message is the type's all the same.
  const groupIssue = (value: unknown, path: string) => ({
    code: value === null ? 'too_small' : 'invalid_type',
    path,
    message: messages.INVALID_TYPE,
  });

  it.each(objects(schema))('%s: a nested group refuses lists, texts and null', (path) => {
    for (const value of [[], 'x', 1, null]) {
      expect(issueAt(schema, withValue(valid, path, value), path), `${JSON.stringify(value)} on ${path}`).toEqual(
        groupIssue(value, path),
      );
    }
  });

  it('refuses a body that is not an object', () => {
    for (const body of [[], 'x', 1, null]) expect(issueAt(schema, body, '')).toEqual(groupIssue(body, ''));
  });
});

describe('maximum lengths by field kind', () => {
  const cause = { name: 'x', active: true };
  it('names take 120 characters, legal names 200, e-mails 254, passwords 200', () => {
    expect(MAX_LENGTH).toMatchObject({ name: 120, legalName: 200, email: 254, password: 200 });
    expect(validateSync(schemas.causeSchema, { ...cause, name: 'n'.repeat(120) }).ok).toBe(true);
    expect(issueAt(schemas.causeSchema, { ...cause, name: 'n'.repeat(121) }, 'name')?.message).toBe('Máximo de 120 caracteres');
    const shipper = { ...company, legalName: 'l'.repeat(200) };
    expect(validateSync(schemas.shipperSchema, shipper).ok).toBe(true);
    expect(issueAt(schemas.shipperSchema, { ...shipper, legalName: 'l'.repeat(201) }, 'legalName')?.message).toBe(
      'Máximo de 200 caracteres',
    );
    const user = { name: 'Ana', email: `${'e'.repeat(245)}@x.com.br`, password: 'p'.repeat(200), role: { perfil: 'ti' }, active: true };
    expect(user.email).toHaveLength(254);
    expect(validateSync(schemas.userCreateSchema, user).ok).toBe(true);
    expect(issueAt(schemas.userCreateSchema, { ...user, email: `e${user.email}` }, 'email')?.message).toBe('Máximo de 254 caracteres');
    // Login caps passwords at 200: a longer one could be set but never used.
    expect(issueAt(schemas.userCreateSchema, { ...user, password: 'p'.repeat(300) }, 'password')?.message).toBe(
      'Máximo de 200 caracteres',
    );
  });

  it('counts the trimmed text: surrounding spaces do not use up the maximum', () => {
    expect(validateSync(schemas.causeSchema, { ...cause, name: `  ${'n'.repeat(120)}  ` }).ok).toBe(true);
  });
});

describe('values the forms send keep working', () => {
  it('money and number inputs send numbers; emptied ones send null or "" and get the required message', () => {
    const body = { ...plan, shipper: ID, price: null, limits: { ...plan.limits, distance: '' } };
    const result = validateSync(schemas.shipperFranchisePlanSchema, body);
    expect(result.ok ? [] : result.issues).toEqual([
      { code: 'too_small', path: 'price', message: messages.PLAN_PRICE_REQUIRED },
      { code: 'too_small', path: 'limits.distance', message: messages.PLAN_DISTANCE_REQUIRED },
    ]);
  });

  it('optional texts and selects still take "" as empty', () => {
    const provider = { ...company, riskManager: '', contacts: { phone1: '11988887777', phone2: '', phone3: '  ' } };
    const result = validateSync(schemas.serviceProviderSchema, provider);
    expect(result.ok && result.value.contacts).toEqual({ phone1: '11988887777', phone2: null, phone3: null });
    expect(result.ok && result.value.riskManager).toBeNull();
  });
});
