/**
 * What every GET of the API answers, byte for byte, so a refactor that must not change the answers
 * (docs/decisions/one-contract-per-endpoint.md) can be checked against the commit before it
 * (docs/development.md):
 *
 *   npx tsx scripts/answer-snapshot.ts out.json              # snapshot of this checkout
 *   npx tsx scripts/answer-snapshot.ts --compare a.json b.json  # the URLs whose answers differ
 *
 * The app runs in-process on an in-memory PGlite seeded with the demo data and its stored theme
 * images, with the clock, the random bytes and the push key fixed, so two runs of the same code answer the same
 * bytes. Every GET operation of /api/openapi.json is asked as each demo login (README.md), its path
 * ids (and a report's mission and period) filled from ids seen in earlier answers; each answer is kept as its status, content type,
 * content disposition and the sha256 of its body.
 */
import crypto, { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One answer as kept: a URL asked by a login. */
interface Answer {
  login: string;
  url: string;
  status: number | 'sem resposta';
  contentType: string | null;
  contentDisposition: string | null;
  sha256: string;
}

const LOGINS = [
  'admin@demo.com.br',
  'gestor@demo.com.br',
  'operador@demo.com.br',
  'ti@demo.com.br',
  'prestador@demo.com.br',
  'prestador2@demo.com.br',
  'gestor.norte@demo.com.br',
];

/** The instant every run lives at (the demo missions are placed relative to it). */
const FIXED_NOW = Date.parse('2026-03-10T12:00:00.000Z');
/**
 * Query parameters filled though the document does not mark them required: a report's period and
 * mission (the handlers require them), a theme's risk manager (the one with stored images).
 */
const QUERY_FILLED = ['start', 'end', 'missionRequestId', 'riskManager'];
/** A stored file's generated name (server/files/store.ts). */
const STORED_FILE = /^[\w-]+\.(pdf|png|jpg|jpeg|webp|gif|svg)$/;
/** An answer that takes longer is a stream (the live and tracking events) and is not kept. */
const ANSWER_TIMEOUT_MS = 5_000;

/**
 * The clock stands still and the random bytes follow a seed, before any server module is loaded:
 * the demo data, the new ids and the stored files' names are then the same on every run.
 */
function fixTheWorld(): void {
  const RealDate = Date;
  class FixedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(FIXED_NOW);
      else super(...(args as [string | number | Date]));
    }
    static override now(): number {
      return FIXED_NOW;
    }
  }
  globalThis.Date = FixedDate as DateConstructor;
  let state = 0x9e3779b9;
  const nextByte = () => {
    // xorshift32: deterministic, not secure (only the snapshot uses it).
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) & 0xff;
  };
  const seededBytes = (size: number): Buffer => {
    const bytes = Buffer.alloc(size);
    for (let i = 0; i < size; i++) bytes[i] = nextByte();
    return bytes;
  };
  const randomBytes = (size: number, callback?: (error: Error | null, bytes: Buffer) => void) => {
    if (!callback) return seededBytes(size);
    callback(null, seededBytes(size));
  };
  crypto.randomBytes = randomBytes as typeof crypto.randomBytes;
  crypto.randomUUID = (() => {
    const hex = seededBytes(16).toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  }) as typeof crypto.randomUUID;
  Math.random = () => nextByte() / 256;
  syncBuiltinESMExports();
}

/** Every string under each key of a JSON answer (`_id` also counts as `id`), in the order met. */
function collectIds(value: unknown, into: Map<string, string[]>): void {
  if (Array.isArray(value)) return value.forEach((item) => collectIds(item, into));
  if (typeof value !== 'object' || value === null) return;
  for (const [key, field] of Object.entries(value)) {
    if (typeof field === 'string' && field.length > 0 && field.length <= 64) {
      for (const name of key === '_id' ? ['_id', 'id'] : [key]) {
        const seen = into.get(name) ?? [];
        if (!seen.includes(field)) seen.push(field);
        into.set(name, seen);
      }
    } else collectIds(field, into);
  }
}

type Parameter = { name: string; in: string; required?: boolean; schema?: { enum?: unknown[]; default?: unknown; format?: string } };
type Operation = { parameters?: Parameter[]; responses?: Record<string, { content?: Record<string, unknown>; description?: string }> };

/** What the earlier answers held: each answered URL's strings by key, in the order asked. */
type Seen = { login: string; url: string; ids: Map<string, string[]> }[];

/**
 * A parameter's value: its enum's first; else a string seen under its name (or its name without
 * "Id": missionRequestId → missionRequest); else, for a record id, an `_id` of the earlier answer
 * whose URL shares the longest beginning with the path before the parameter (the list above the
 * record), this login's answers first. A stored file's name is any seen (a theme's images). A period's ends are the month before the fixed clock.
 */
function valueFor(parameter: Parameter, path: string, login: string, seen: Seen): string | undefined {
  const { name, schema } = parameter;
  if (schema?.enum?.length) return String(schema.enum[0]);
  if (name === 'start' || name === 'end') {
    const instant = new Date(FIXED_NOW - (name === 'start' ? 30 * 86_400_000 : 0)).toISOString();
    return schema?.format === 'date' ? instant.slice(0, 10) : instant;
  }
  if (name === 'file') {
    const ordered = [...seen.filter((entry) => entry.login === login), ...seen];
    for (const entry of ordered) for (const values of entry.ids.values()) for (const value of values) if (STORED_FILE.test(value)) return value;
  }
  if (name !== 'id') {
    for (const key of [name, name.replace(/Id$/, '')]) {
      const mine = seen.find((entry) => entry.login === login && entry.ids.get(key)?.length);
      const anyone = seen.find((entry) => entry.ids.get(key)?.length);
      const found = (mine ?? anyone)?.ids.get(key)?.[0];
      if (found) return found;
    }
  }
  const before = path.slice(0, Math.max(0, path.indexOf(`{${name}}`))) || path;
  let best: { length: number; mine: boolean; id: string } | undefined;
  for (const entry of seen) {
    const id = entry.ids.get('_id')?.[0];
    if (!id) continue;
    let length = 0;
    while (length < before.length && entry.url[length] === before[length]) length += 1;
    const mine = entry.login === login;
    if (!best || length > best.length || (length === best.length && mine && !best.mine)) best = { length, mine, id };
  }
  return best?.id;
}


function isStream(operation: Operation): boolean {
  return Object.values(operation.responses ?? {}).some((response) => 'text/event-stream' in (response.content ?? {}) || (response.description ?? '').startsWith('text/event-stream'));
}

async function snapshot(outFile: string): Promise<void> {
  fixTheWorld();
  const { buildApp } = await import('../server/http/app');
  const { loadConfig } = await import('../server/config');
  const { openDatabase } = await import('../server/db/client');
  const { migrateDatabase } = await import('../server/db/migrate');
  const { seedDemo, DEMO_PASSWORD } = await import('../server/demo/seed');
  const { createStorage } = await import('../server/files/store');

  const database = await openDatabase({});
  await migrateDatabase(database);
  const dataDir = mkdtempSync(join(tmpdir(), 'answer-snapshot-'));
  // The push key the app answers (GET /api/auth/push/key), from a fixed private key, not a new pair each run.
  const vapid = crypto.createECDH('prime256v1');
  vapid.setPrivateKey(createHash('sha256').update('answer-snapshot').digest());
  writeFileSync(join(dataDir, 'vapid-keys.json'), JSON.stringify({ publicKey: vapid.getPublicKey('base64url'), privateKey: vapid.getPrivateKey('base64url') }));
  const config = loadConfig({ dataDir, jwtSecret: 'snapshot-secret-0123456789abcdef0123' });
  const storage = createStorage(config);
  const app = await buildApp({ config, db: database.db, mailer: { send: async () => {} }, now: () => new Date(), storage, push: { dispatch: false } });
  await app.ready();
  await seedDemo(database.db, storage);

  const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{ paths: Record<string, Record<string, Operation>> }>();
  const gets = Object.entries(document.paths)
    .flatMap(([path, operations]) => (operations.get && !isStream(operations.get) ? [{ path, operation: operations.get }] : []))
    // The lists first, so the ids of the pages that name one are seen by then.
    .sort((a, b) => Number(a.path.includes('{')) - Number(b.path.includes('{')));

  const answers: Answer[] = [];
  const seen: Seen = [];
  for (const login of LOGINS) {
    const signIn = await app.inject({ method: 'POST', url: '/api/auth/', payload: { username: login, password: DEMO_PASSWORD } });
    if (signIn.statusCode !== 200) throw new Error(`login ${login} → ${signIn.statusCode} ${signIn.body}`);
    const token = signIn.json<{ token: string }>().token;
    for (const { path, operation } of gets) {
      const parameters = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path' || (parameter.in === 'query' && (parameter.required || QUERY_FILLED.includes(parameter.name))));
      const values = parameters.map((parameter) => ({ parameter, value: valueFor(parameter, path, login, seen) }));
      if (values.some(({ parameter, value }) => value === undefined && parameter.in === 'path')) continue;
      let url = path;
      const query = new URLSearchParams();
      for (const { parameter, value } of values) {
        if (value === undefined) continue;
        if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, encodeURIComponent(value));
        else query.set(parameter.name, value);
      }
      if (query.size > 0) url = `${url}?${query}`;
      const answered = await Promise.race([
        app.inject({ method: 'GET', url, headers: { 'x-access-token': token } }),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), ANSWER_TIMEOUT_MS)),
      ]);
      if (!answered) {
        answers.push({ login, url, status: 'sem resposta', contentType: null, contentDisposition: null, sha256: '' });
        continue;
      }
      const header = (name: string) => (answered.headers[name] === undefined ? null : String(answered.headers[name]));
      answers.push({
        login,
        url,
        status: answered.statusCode,
        contentType: header('content-type'),
        contentDisposition: header('content-disposition'),
        sha256: createHash('sha256').update(answered.rawPayload).digest('hex'),
      });
      if (answered.statusCode === 200 && (header('content-type') ?? '').includes('json')) {
        const ids = new Map<string, string[]>();
        collectIds(answered.json(), ids);
        seen.push({ login, url, ids });
      }
    }
  }
  writeFileSync(outFile, `${JSON.stringify(answers, null, 1)}\n`);
  console.log(`${answers.length} respostas em ${outFile}`);
  // A stream asked above may still hold its connection open: the snapshot is written, leave.
  process.exit(0);
}

/** The answers of two snapshots side by side, by login and URL without its query string. */
function compare(before: string, after: string): void {
  const read = (file: string) => {
    const byKey = new Map<string, Answer[]>();
    for (const answer of JSON.parse(readFileSync(file, 'utf8')) as Answer[]) {
      const key = `${answer.login} ${answer.url.split('?')[0]}`;
      byKey.set(key, [...(byKey.get(key) ?? []), answer]);
    }
    return byKey;
  };
  const a = read(before);
  const b = read(after);
  const keys = [...new Set([...a.keys(), ...b.keys()])];
  const differing = keys.filter((key) => JSON.stringify(a.get(key)) !== JSON.stringify(b.get(key)));
  for (const key of differing) console.log(`${a.has(key) ? '' : '(só no segundo) '}${b.has(key) ? '' : '(só no primeiro) '}${key}`);
  console.log(`${keys.length} URLs comparadas, ${differing.length} diferentes`);
}

const [first, second, third] = process.argv.slice(2);
if (first === '--compare' && second && third) compare(second, third);
else if (first && !first.startsWith('--')) await snapshot(first);
else {
  console.error('uso: npx tsx scripts/answer-snapshot.ts <saída.json> | --compare <a.json> <b.json>');
  process.exit(2);
}
