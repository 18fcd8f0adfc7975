/**
 * Catalogue names are unique per owner, ignoring case and spacing: a duplicate create or a rename
 * onto another record's name is 409 'Já existe um registro com este nome' and changes nothing; a
 * record keeps its own name on update; another tenant (or, for cities, another state) may use it.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DUPLICATE_NAME } from '../../src/domain/messages';
import { LOOKUP_TYPES } from '../../src/domain/schemas';
import { cnpjCheckDigits } from '../../src/domain/validators/cnpj';
import { openDatabase } from '../../server/db/client';
import { MIGRATIONS_DIR, migrateDatabase } from '../../server/db/migrate';
import { states } from '../../server/db/schema';
import { CATALOGUE_IDS } from '../../server/demo/seedCatalogues';
import { useCatalogueApp, type Account, type Client } from './catalogueClient';

let as: Record<Account, Client>;

useCatalogueApp((_, clients) => {
  as = clients;
});

type Rec = Record<string, unknown> & { _id: string };

let cnpjSeq = 0;
/** A fresh valid CNPJ per call, so that only the name can collide. */
const nextCnpj = () => {
  const base = `5566${String(++cnpjSeq).padStart(6, '0')}01`;
  return base + cnpjCheckDigits(base);
};

interface Kind {
  url: string;
  body: (name: string) => Record<string, unknown>;
  as: Account;
  /** Where the name may be used again: another tenant, or another parent (none for global states). */
  elsewhere?: { as: Account; body?: (name: string) => Record<string, unknown> };
}

/** Acre (seedCatalogues: state n is fixedId(0x10, n)); the cities test uses São Paulo. */
const ACRE = '5f0000100000000000000001';

const lookup = (url: string): Kind => ({
  url,
  body: (name) => ({ name, active: true }),
  as: 'gestor',
  elsewhere: { as: 'norte' },
});

const KINDS: [string, Kind][] = [
  ...LOOKUP_TYPES.map((type): [string, Kind] => [type, lookup(`/api/admin/${type}`)]),
  [
    'states (global)',
    {
      url: '/api/admin/states',
      body: (name) => ({ name, active: true }),
      as: 'admin',
    },
  ],
  [
    'cities (per state)',
    {
      url: '/api/admin/cities',
      body: (name) => ({ name, state: CATALOGUE_IDS.stateSaoPaulo, active: true }),
      as: 'admin',
      elsewhere: { as: 'admin', body: (name) => ({ name, state: ACRE, active: true }) },
    },
  ],
  [
    'shippers',
    {
      url: '/api/admin/shippers',
      body: (name) => ({ name, legalName: `${name} Ltda`, cnpj: nextCnpj(), active: true }),
      as: 'gestor',
      elsewhere: { as: 'norte' },
    },
  ],
  [
    'service providers',
    {
      url: '/api/service-providers/info',
      body: (name) => ({ name, legalName: `${name} Ltda`, cnpj: nextCnpj(), active: true, contacts: { phone1: '11987654321' } }),
      as: 'gestor',
      elsewhere: { as: 'norte' },
    },
  ],
  [
    'services',
    {
      url: '/api/v1/billing/franchise',
      body: (name) => ({ name, type: 'service_provider', active: true }),
      as: 'gestor',
      elsewhere: { as: 'norte' },
    },
  ],
];

const namesIn = async (client: Client, url: string) => (await client.get(url)).json<Rec[]>().map((row) => row.name);

describe.each(KINDS)('%s', (_, kind) => {
  it('refuses a duplicate name (case and spaces ignored) with 409, nothing created', async () => {
    const client = as[kind.as];
    const first = await client.post(kind.url, kind.body('Nome Unico QA'));
    expect(first.statusCode, first.body).toBe(201);
    const before = await namesIn(client, kind.url);
    for (const name of ['Nome Unico QA', '  nome   UNICO qa ']) {
      const duplicate = await client.post(kind.url, kind.body(name));
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toEqual({ error: DUPLICATE_NAME });
    }
    expect(await namesIn(client, kind.url)).toEqual(before);
  });

  it('refuses a rename onto another name (409, unchanged) and keeps its own name on update', async () => {
    const client = as[kind.as];
    const first = (await client.post(kind.url, kind.body('Nome Unico QA'))).json<Rec>();
    const second = await client.post(kind.url, kind.body('Outro Nome QA'));
    expect(second.statusCode).toBe(201);
    const secondRec = second.json<Rec>();
    const rename = await client.put(`${kind.url}/${secondRec._id}`, { ...secondRec, name: 'NOME UNICO QA' });
    expect(rename.statusCode).toBe(409);
    expect(rename.json()).toEqual({ error: DUPLICATE_NAME });
    expect(await namesIn(client, kind.url)).toContain('Outro Nome QA');
    const same = await client.put(`${kind.url}/${first._id}`, { ...first, name: 'Nome Unico QA', active: false });
    expect(same.statusCode, same.body).toBe(200);
    const recased = await client.put(`${kind.url}/${first._id}`, { ...first, name: 'NOME UNICO QA' });
    expect(recased.statusCode, recased.body).toBe(200);
  });

});

const reusable = KINDS.flatMap(([label, kind]) => (kind.elsewhere ? [[label, kind, kind.elsewhere] as const] : []));

describe.each(reusable)('%s elsewhere', (_, kind, elsewhere) => {
  it('the same name is accepted for another owner (tenant, or state for cities)', async () => {
    expect((await as[kind.as].post(kind.url, kind.body('Nome Unico QA'))).statusCode).toBe(201);
    const other = await as[elsewhere.as].post(kind.url, (elsewhere.body ?? kind.body)('Nome Unico QA'));
    expect(other.statusCode, other.body).toBe(201);
  });
});

describe('migration 0004 on a database that already holds repeated names', () => {
  it('keeps the oldest name and appends the id to the repeats, then enforces uniqueness', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    const journalPath = join(dir, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    const upTo = journal.entries.findIndex((entry) => entry.tag.startsWith('0004_'));
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));

    const database = await openDatabase({});
    try {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(database.db as never, { migrationsFolder: dir });
      await database.db.execute(sql`insert into states (id, name, created_at) values
        ('aaaaaaaaaaaaaaaaaaaaaa01', 'Estado QA', now() - interval '2 days'),
        ('aaaaaaaaaaaaaaaaaaaaaa02', ' estado  QA ', now() - interval '1 day'),
        ('aaaaaaaaaaaaaaaaaaaaaa03', 'Outro estado', now())`);
      await migrateDatabase(database);
      const rows = await database.db.select({ id: states.id, name: states.name }).from(states).orderBy(states.id);
      expect(rows).toEqual([
        { id: 'aaaaaaaaaaaaaaaaaaaaaa01', name: 'Estado QA' },
        { id: 'aaaaaaaaaaaaaaaaaaaaaa02', name: ' estado  QA  (aaaaaaaaaaaaaaaaaaaaaa02)' },
        { id: 'aaaaaaaaaaaaaaaaaaaaaa03', name: 'Outro estado' },
      ]);
      await expect(database.db.execute(sql`insert into states (id, name) values ('aaaaaaaaaaaaaaaaaaaaaa04', 'ESTADO qa')`)).rejects.toThrow();
    } finally {
      await database.close();
    }
  });
});
