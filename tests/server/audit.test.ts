import { and, eq, ne, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AuditEntry, AuditPage } from '../../src/domain/audit/responseSchemas';
import { DEFAULT_THEME_SETTINGS } from '../../src/domain/theme';
import { recordAudit } from '../../server/audit/record';
import { auditLog, causes, missionBillings, missions, shippers, users } from '../../server/db/schema';
import { auditChanges, auditRecordText } from '../../src/domain/audit/format';
import { formatSaoPauloDateTime } from '../../src/domain/validators/dates';
import { CATALOGUE_IDS } from '../../server/demo/seedCatalogues';
import { DEMO_IDS } from '../../server/demo/seed';
import { useCatalogueApp, type Account, type Client } from './catalogueClient';
import type { TestApp } from './helpers';

/** The audit trail: one entry per write by a person, in the write's transaction; read by tenant admins and the platform admin. */

let t: TestApp;
let as: Record<Account, Client>;
useCatalogueApp((app, clients) => {
  t = app;
  as = clients;
});

const entries = async () => t.database.db.select().from(auditLog).orderBy(auditLog.at, auditLog.id);
const count = async () => (await entries()).length;
const SECRET = /password|passwordHash|hash|token|secret/i;

/** The only entry written since the test began (each test starts from an empty trail). */
async function onlyEntry() {
  const all = await entries();
  expect(all).toHaveLength(1);
  const [entry] = all;
  expect(JSON.stringify(entry?.before ?? {}) + JSON.stringify(entry?.after ?? {})).not.toMatch(SECRET);
  return entry!;
}

const page = async (who: Client, query = '') => {
  const response = await who.get(`/api/admin/audit${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditPage>();
};

describe('each kind of write leaves exactly one entry: who, when, where from, the changed fields before and after', () => {
  it('catalogue: create, update and delete of a cause', async () => {
    const created = await as.gestor.post('/api/admin/causes', { name: 'Pane elétrica', active: true });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ _id: string }>()._id;
    const create = await onlyEntry();
    expect(create).toMatchObject({
      entity: 'causes',
      action: 'create',
      recordId: id,
      tenant: DEMO_IDS.riskManager,
      actorEmail: 'gestor@demo.com.br',
      ip: '127.0.0.1',
      before: null,
      after: { name: 'Pane elétrica', active: true, riskManager: DEMO_IDS.riskManager },
    });
    expect(create.actorId).toMatch(/^[0-9a-f]{24}$/);

    await t.database.db.execute(sql`truncate audit_log`);
    expect((await as.gestor.put(`/api/admin/causes/${id}`, { name: 'Pane elétrica', active: false })).statusCode).toBe(200);
    expect(await onlyEntry()).toMatchObject({ action: 'update', recordId: id, before: { active: true }, after: { active: false } });

    await t.database.db.execute(sql`truncate audit_log`);
    expect((await as.gestor.del(`/api/admin/causes/${id}`)).statusCode).toBe(204);
    expect(await onlyEntry()).toMatchObject({ action: 'delete', recordId: id, before: { name: 'Pane elétrica', active: false }, after: null });
  });

  it('shipper and provider: only the fields that changed', async () => {
    const shipper = await as.gestor.put(`/api/admin/shippers/${CATALOGUE_IDS.shipperVale}`, {
      name: 'Vale Eletrônicos SP',
      legalName: 'Vale Comércio de Eletrônicos Ltda',
      cnpj: '07626028000188',
      active: true,
    });
    expect(shipper.statusCode, shipper.body).toBe(200);
    expect(await onlyEntry()).toMatchObject({
      entity: 'shippers',
      action: 'update',
      before: { name: 'Vale Eletrônicos' },
      after: { name: 'Vale Eletrônicos SP' },
    });

    await t.database.db.execute(sql`truncate audit_log`);
    const provider = (await as.gestor.get(`/api/service-providers/info/${DEMO_IDS.provider}`)).json<Record<string, unknown>>();
    const contacts = provider.contacts as Record<string, unknown>;
    const saved = await as.gestor.put(`/api/service-providers/info/${DEMO_IDS.provider}`, { ...provider, contacts: { ...contacts, phone2: '11988887777' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await onlyEntry()).toMatchObject({ entity: 'providers', before: { 'contacts.phone2': contacts.phone2 ?? null }, after: { 'contacts.phone2': '11988887777' } });
  });

  it('user and provider login: created without the password or its hash', async () => {
    const user = await as.gestor.post('/api/risk-managers/login', {
      name: 'Maria Souza',
      email: 'maria.souza@demo.com.br',
      password: 'Senha@Forte9',
      role: { perfil: 'operational' },
      active: true,
    });
    expect(user.statusCode, user.body).toBe(201);
    const entry = await onlyEntry();
    expect(entry).toMatchObject({ entity: 'users', action: 'create', after: { name: 'Maria Souza', email: 'maria.souza@demo.com.br', 'role.perfil': 'operational' } });
    expect(JSON.stringify(entry)).not.toContain('Senha@Forte9');

    await t.database.db.execute(sql`truncate audit_log`);
    const login = await as.gestor.post('/api/service-providers/login', {
      name: 'Paulo Lima',
      email: 'paulo.lima@demo.com.br',
      password: 'Senha@Forte9',
      role: { perfil: 'operational' },
      serviceProvider: DEMO_IDS.provider,
    });
    expect(login.statusCode, login.body).toBe(201);
    expect(await onlyEntry()).toMatchObject({ entity: 'providerLogins', action: 'create', tenant: DEMO_IDS.riskManager });
  });

  it('franchise plan and mission parameters', async () => {
    const plan = (await as.gestor.get(`/api/v1/billing/shipper/plan/${CATALOGUE_IDS.planAndrade}`)).json<Record<string, unknown>>();
    const saved = await as.gestor.put(`/api/v1/billing/shipper/${CATALOGUE_IDS.planAndrade}`, { ...plan, price: 47000 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await onlyEntry()).toMatchObject({ entity: 'shipperPlans', recordId: CATALOGUE_IDS.planAndrade, before: { price: 45000 }, after: { price: 47000 } });

    await t.database.db.execute(sql`truncate audit_log`);
    const configs = await as.gestor.put(`/api/admin/mission/configs/${CATALOGUE_IDS.missionConfigDemo}`, {
      required: { cause: true, carrier: true, place: true, leadership: false },
    });
    expect(configs.statusCode, configs.body).toBe(200);
    expect(await onlyEntry()).toMatchObject({ entity: 'configs', before: { 'required.place': false }, after: { 'required.place': true } });
  });

  it('theme and billing', async () => {
    const colors = { ...DEFAULT_THEME_SETTINGS.colors, primary: '#1565c0' };
    const theme = await as.gestor.put('/api/themes', { ...DEFAULT_THEME_SETTINGS, colors });
    expect(theme.statusCode, theme.body).toBe(200);
    expect(await onlyEntry()).toMatchObject({ entity: 'themes', recordId: DEMO_IDS.riskManager, before: { 'colors.primary': '#00796b' }, after: { 'colors.primary': '#1565c0' } });

    await t.database.db.execute(sql`truncate audit_log`);
    const [side] = await t.database.db
      .select({ id: missionBillings.id, plan: missionBillings.franchisePlan, toll: missionBillings.tollCents })
      .from(missionBillings)
      .innerJoin(missions, eq(missions.id, missionBillings.mission))
      .where(and(eq(missions.status, 'finished'), eq(missionBillings.type, 'shipper'), eq(missionBillings.riskManager, DEMO_IDS.riskManager), ne(missionBillings.status, 'billed')));
    expect(side?.plan).toBeTruthy();
    const billed = await as.gestor.put(`/api/v1/billing/mission/${side!.id}`, {
      franchise: side!.plan,
      others: { toll: side!.toll + 1234, expenses: 0, additions: 0, discounts: 0 },
    });
    expect(billed.statusCode, billed.body).toBe(200);
    expect(await onlyEntry()).toMatchObject({ entity: 'billing', action: 'update', recordId: side!.id, before: { tollCents: side!.toll }, after: { tollCents: side!.toll + 1234 } });
  });

  it('sign-ins, right and wrong, with the address and never the password', async () => {
    const right = await t.app.inject({ method: 'POST', url: '/api/auth/', payload: { username: 'gestor@demo.com.br', password: 'Demo@123' }, remoteAddress: '203.0.113.7' });
    expect(right.statusCode).toBe(200);
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/', payload: { username: 'GESTOR@demo.com.br', password: 'Errada@123' } });
    expect(wrong.statusCode).toBe(401);
    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/', payload: { username: 'Minha@Senha1', password: 'x' } });
    expect(unknown.statusCode).toBe(401);
    const all = await entries();
    expect(all.map((e) => [e.action, e.actorEmail, e.tenant, e.ip])).toEqual([
      ['signIn', 'gestor@demo.com.br', DEMO_IDS.riskManager, '203.0.113.7'],
      ['signInFailed', 'gestor@demo.com.br', DEMO_IDS.riskManager, '127.0.0.1'],
      // A username that is not an e-mail may be a password typed in the wrong box: not kept.
      ['signInFailed', '', null, '127.0.0.1'],
    ]);
    expect(JSON.stringify(all)).not.toMatch(/Demo@123|Errada@123|Minha@Senha1/);
  });
});

describe('a password reset is a security event', () => {
  it('records who reset, from where, without the password or the code', async () => {
    await t.app.inject({ method: 'POST', url: '/api/auth/forget', payload: { email: 'operador@demo.com.br' } });
    const code = /\b(\d{6})\b/.exec(t.outbox.at(-1)?.text ?? '')?.[1];
    expect(code).toBeDefined();
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forget/reset',
      payload: { email: 'operador@demo.com.br', resetCode: code, password: 'Nova@Senha77' },
      remoteAddress: '198.51.100.4',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const entry = await onlyEntry();
    expect(entry).toMatchObject({ entity: 'session', action: 'passwordReset', actorEmail: 'operador@demo.com.br', tenant: DEMO_IDS.riskManager, ip: '198.51.100.4' });
    expect(JSON.stringify(entry)).not.toMatch(new RegExp(`Nova@Senha77|${code}`));
  });
});

describe('a refused or undone write leaves no entry', () => {
  it('400, 403, 404 and 409 answers write nothing to the trail', async () => {
    const refusals = [
      await as.gestor.post('/api/admin/causes', { name: '', active: true }),
      await as.operador.post('/api/admin/causes', { name: 'Nova', active: true }),
      await as.gestor.put(`/api/admin/causes/${CATALOGUE_IDS.causeNorte}`, { name: 'Outra', active: true }),
      await as.gestor.post('/api/admin/causes', { name: 'Roubo de carga', active: true }),
      await as.gestor.post('/api/risk-managers/login', { name: 'Dup', email: 'operador@demo.com.br', password: 'Senha@Forte9', role: { perfil: 'operational' }, active: true }),
    ];
    expect(refusals.map((r) => r.statusCode)).toEqual([400, 403, 404, 409, 409]);
    expect(await count()).toBe(0);
  });

  it('an entry that cannot be written undoes its write: both commit or neither', async () => {
    const db = t.database.db;
    await db.execute(sql.raw(`CREATE FUNCTION fail_audit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'no audit'; END $$`));
    await db.execute(sql.raw('CREATE TRIGGER fail_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION fail_audit()'));
    try {
      const response = await as.gestor.put(`/api/admin/causes/${CATALOGUE_IDS.causeRoubo}`, { name: 'Roubo renomeado', active: true });
      expect(response.statusCode).toBe(500);
    } finally {
      await db.execute(sql.raw('DROP TRIGGER fail_audit ON audit_log'));
      await db.execute(sql.raw('DROP FUNCTION fail_audit()'));
    }
    const [cause] = await db.select({ name: causes.name }).from(causes).where(eq(causes.id, CATALOGUE_IDS.causeRoubo));
    expect(cause?.name).toBe('Roubo de carga');
  });

  it('a transaction rolled back after recordAudit leaves no entry', async () => {
    const source = { actor: { id: null, name: 'x', email: 'x@demo.com.br' }, ip: '10.0.0.1' };
    await expect(
      t.database.db.transaction(async (tx) => {
        await recordAudit(tx, source, { entity: 'causes', action: 'create', record: 'r', tenant: null, after: { name: 'a' } });
        throw new Error('desfeito');
      }),
    ).rejects.toThrow('desfeito');
    expect(await count()).toBe(0);
  });
});

describe('the table is append-only', () => {
  it('refuses UPDATE and DELETE, whoever sends them', async () => {
    await as.gestor.post('/api/admin/causes', { name: 'Pane', active: true });
    expect(await count()).toBe(1);
    await expect(t.database.db.execute(sql`update audit_log set actor_name = 'outro'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    const [entry] = await entries();
    expect(entry?.actorName).not.toBe('outro');
    expect(await count()).toBe(1);
  });
});

describe('who reads the trail (role × tenant), list and Excel', () => {
  async function oneWritePerTenant() {
    expect((await as.gestor.post('/api/admin/causes', { name: 'Causa Demo', active: true })).statusCode).toBe(201);
    expect((await as.norte.post('/api/admin/causes', { name: 'Causa Norte', active: true })).statusCode).toBe(201);
    expect((await as.admin.put(`/api/admin/states/${CATALOGUE_IDS.stateSaoPaulo}`, { name: 'São Paulo (SP)', active: true })).statusCode).toBe(200);
  }

  it('a tenant admin sees its tenant only; the platform admin every entry, and narrows by tenant', async () => {
    await oneWritePerTenant();
    const demo = await page(as.gestor);
    expect(demo.data.map((e) => e.after?.name)).toEqual(['Causa Demo']);
    expect(demo.data[0]).toMatchObject({ riskManagerName: 'Gerenciadora Demo', userEmail: 'gestor@demo.com.br', entity: 'causes', action: 'create' });
    expect((await page(as.norte)).data.map((e) => e.after?.name)).toEqual(['Causa Norte']);
    // Asking for another tenant does not widen a tenant admin's view.
    expect((await page(as.gestor, `?riskManager=${DEMO_IDS.riskManagerNorte}`)).data.map((e) => e.after?.name)).toEqual(['Causa Demo']);

    const all = await page(as.admin);
    expect(all.total).toBe(3);
    expect(all.data.map((e) => e.entity)).toEqual(['states', 'causes', 'causes']);
    expect((await page(as.admin, `?riskManager=${DEMO_IDS.riskManagerNorte}`)).data.map((e) => e.after?.name)).toEqual(['Causa Norte']);
  });

  it('operational, tech and provider users are refused the list and the Excel (403)', async () => {
    for (const who of [as.operador, as.ti, as.prestador]) {
      expect((await who.get('/api/admin/audit')).statusCode).toBe(403);
      expect((await who.get('/api/admin/audit/excel')).statusCode).toBe(403);
    }
    expect((await t.app.inject({ url: '/api/admin/audit' })).statusCode).toBe(401);
  });

  it('filters by user, entity, record and period, pages on the server, and sorts', async () => {
    await oneWritePerTenant();
    const id = (await as.gestor.post('/api/admin/causes', { name: 'Outra', active: true })).json<{ _id: string }>()._id;
    await as.gestor.put(`/api/admin/causes/${id}`, { name: 'Outra', active: false });
    expect((await page(as.admin, '?user=norte')).data.map((e) => e.after?.name)).toEqual(['Causa Norte']);
    expect((await page(as.admin, '?entity=states')).total).toBe(1);
    const byRecord = await page(as.admin, `?record=${id}`);
    expect(byRecord.data.map((e) => e.action)).toEqual(['update', 'create']);
    expect((await page(as.admin, `?record=${id.slice(4, 16)}&action=update`)).data.map((e: AuditEntry) => e.before)).toEqual([{ active: true }]);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await page(as.admin, `?start=${future}`)).total).toBe(0);
    expect((await page(as.admin, `?end=${future}`)).total).toBe(5);

    const first = await page(as.admin, '?perPage=2&page=1&sort=entity&order=ASC');
    expect(first).toMatchObject({ page: 1, totalPages: 3, total: 5 });
    expect(first.data.map((e) => e.entity)).toEqual(['causes', 'causes']);
    const last = await page(as.admin, '?perPage=2&page=3&sort=entity&order=ASC');
    expect(last.data.map((e) => e.entity)).toEqual(['states']);
  });

  it('the Excel holds what the list shows under the same filters and scope', async () => {
    await oneWritePerTenant();
    const response = await as.gestor.get('/api/admin/audit/excel?entity=causes');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['x-report-rows']).toBe('1');
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Auditoria')!;
    const rows = sheet.getSheetValues().filter(Boolean).map((row) => (row as unknown[]).slice(1));
    expect(rows[0]).toEqual(['Data e hora', 'Gerenciadora', 'Usuário', 'E-mail', 'Endereço IP', 'Entidade', 'Registro', 'Ação', 'Antes', 'Depois']);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.slice(1, 6)).toEqual(['Gerenciadora Demo', 'Gestor Demo', 'gestor@demo.com.br', '127.0.0.1', 'Motivo Acionamento']);
    expect(rows[1]?.[7]).toBe('Criação');
    expect(String(rows[1]?.[9])).toContain('Motivo: Causa Demo');
    expect(JSON.stringify(rows)).not.toContain('Causa Norte');
  });
});

describe('bad filters are 400 in Portuguese, for the list and the Excel', () => {
  it.each([
    ['entity=nada', 'Opção inválida'],
    ['page=0', 'Opção inválida'],
    ['perPage=1000', 'Opção inválida'],
    ['sort=password', 'Opção inválida'],
    ['start=ontem', 'Data inválida'],
    [`start=${encodeURIComponent('2026-02-01T00:00:00Z')}&end=${encodeURIComponent('2026-01-01T00:00:00Z')}`, 'A data inicial não pode ser posterior à data final'],
    [`user=${encodeURIComponent('a\u0000b')}`, 'Caracteres de controle não são permitidos'],
    [`record=${'f'.repeat(25)}`, 'Máximo de 24 caracteres'],
    ['entity=causes&entity=shippers', 'Tipo de valor inválido'],
  ])('%s', async (query, message) => {
    for (const path of ['/api/admin/audit', '/api/admin/audit/excel']) {
      const response = await as.admin.get(`${path}?${query}`);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.body).toContain(message);
    }
  });
});

describe('entries read as people read them: field labels, money, São Paulo time, names read within the reader’s tenant', () => {
  it('a billed side: its process number, who billed it, its status, money and time, on the list and in the Excel', async () => {
    const [side] = await t.database.db
      .select({ id: missionBillings.id, plan: missionBillings.franchisePlan, toll: missionBillings.tollCents, processNumber: missions.processNumber })
      .from(missionBillings)
      .innerJoin(missions, eq(missions.id, missionBillings.mission))
      .where(and(eq(missions.status, 'finished'), eq(missionBillings.type, 'shipper'), eq(missionBillings.riskManager, DEMO_IDS.riskManager), ne(missionBillings.status, 'billed')));
    expect(side?.processNumber).toBeTruthy();
    const billed = await as.gestor.post(`/api/v1/billing/mission/${side!.id}/finalize`, {
      franchise: side!.plan,
      others: { toll: 3550, expenses: 0, additions: 0, discounts: 0 },
    });
    expect(billed.statusCode, billed.body).toBe(200);

    const [entry] = (await page(as.gestor, '?entity=billing')).data;
    const processName = `Processo ${side!.processNumber} · Cliente`;
    expect(auditRecordText(entry!)).toBe(processName);
    const changes = Object.fromEntries(auditChanges(entry!).map((c) => [c.label, c]));
    expect(changes['Situação']?.after).toBe('Faturado');
    expect(changes['Faturado por']).toEqual({ label: 'Faturado por', before: '—', after: 'Gestor Demo' });
    expect(changes['Pedágio']?.after).toBe('R$ 35,50');
    expect(changes['Faturado em']?.after).toBe(formatSaoPauloDateTime(String(entry!.after?.billedAt)));
    expect(changes['Faturado em']?.after).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/);
    expect(JSON.stringify(auditChanges(entry!))).not.toMatch(/billedBy|tollCents|[0-9a-f]{24}|T\d\d:\d\d/);

    const response = await as.gestor.get('/api/admin/audit/excel?entity=billing');
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const row = book.getWorksheet('Auditoria')!.getRow(2);
    expect(row.getCell(7).value).toBe(processName);
    expect((row.getCell(10).value as string).split('\n')).toEqual(expect.arrayContaining(['Situação: Faturado', 'Faturado por: Gestor Demo', 'Pedágio: R$ 35,50']));
    expect(row.getCell(10).alignment).toMatchObject({ wrapText: true });
  });

  it('an id of another tenant’s user or company is never named to a tenant admin; the platform admin reads it', async () => {
    const [norteUser] = await t.database.db.select({ id: users.id, name: users.name }).from(users).where(eq(users.riskManager, DEMO_IDS.riskManagerNorte)).limit(1);
    const [norteShipper] = await t.database.db.select({ id: shippers.id, name: shippers.name }).from(shippers).where(eq(shippers.riskManager, DEMO_IDS.riskManagerNorte)).limit(1);
    expect(norteUser && norteShipper).toBeTruthy();
    await recordAudit(t.database.db, { actor: { id: null, name: 'Sistema', email: '' }, ip: '127.0.0.1' }, {
      entity: 'billing',
      action: 'update',
      record: norteShipper!.id,
      tenant: DEMO_IDS.riskManager,
      before: { billedBy: null, company: null },
      after: { billedBy: norteUser!.id, company: norteShipper!.id },
    });
    const [seenByDemo] = (await page(as.gestor, '?entity=billing')).data;
    expect(seenByDemo?.names).toEqual({});
    expect(JSON.stringify(seenByDemo)).not.toContain(norteUser!.name);
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await as.gestor.get('/api/admin/audit/excel?entity=billing')).rawPayload as unknown as ArrayBuffer);
    const cells = JSON.stringify(book.getWorksheet('Auditoria')!.getSheetValues());
    expect(cells).toContain(norteShipper!.id);
    expect(cells).not.toContain(norteShipper!.name);

    const [seenByAdmin] = (await page(as.admin, '?entity=billing')).data;
    expect(seenByAdmin?.names).toEqual({ [norteUser!.id]: norteUser!.name, [norteShipper!.id]: norteShipper!.name });
  });
});
