import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { DEMO_IDS, DEMO_USERS } from '../../server/demo/seed';
import { login, type TestApp } from './helpers';
import { useCatalogueApp, type Account, type Client } from './catalogueClient';
import type { ValidationIssue } from '../../src/domain/apiErrors';

/** Risk managers (/api/risk-managers/info) and the users screen (/api/risk-managers/login). */

let t: TestApp;
let as: Record<Account, Client>;

useCatalogueApp((app, clients) => {
  t = app;
  as = clients;
});

type UserRec = { _id: string; name: string; email: string; role: { type: string; perfil: string }; active: boolean; riskManager: string | null };
const idOf = (email: string) => DEMO_USERS.find((u) => u.email === email)!.id;
const newUser = (extra: Record<string, unknown> = {}) => ({
  name: 'Maria Souza',
  email: 'Maria.Souza@Demo.com.br',
  password: 'Senha@2026',
  role: { perfil: 'operational' },
  active: true,
  ...extra,
});
const userRow = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];

describe('risk managers', () => {
  it('a risk-manager user sees its own; an admin sees all', async () => {
    expect((await as.ti.get('/api/risk-managers/info')).json()).toEqual([{ _id: DEMO_IDS.riskManager, name: 'Gerenciadora Demo', active: true }]);
    expect((await as.admin.get('/api/risk-managers/info')).json<UserRec[]>().map((r) => r.name)).toEqual(['Gerenciadora Demo', 'Gerenciadora Norte']);
  });
});

describe('users list', () => {
  it("lists the tenant's risk-manager users (no provider logins, no other tenant) to admin and ti profiles", async () => {
    for (const who of ['gestor', 'ti'] as const) {
      const list = (await as[who].get('/api/risk-managers/login')).json<UserRec[]>();
      expect(list.map((u) => u.email)).toEqual(['gestor@demo.com.br', 'operador@demo.com.br', 'ti@demo.com.br']);
      expect(list[0]).toEqual({ _id: idOf('gestor@demo.com.br'), name: 'Gestor Demo', email: 'gestor@demo.com.br', role: { type: 'risk_manager', perfil: 'admin' }, active: true, riskManager: DEMO_IDS.riskManager });
      expect(list[0]).not.toHaveProperty('passwordHash');
    }
    expect((await as.operador.get('/api/risk-managers/login')).statusCode).toBe(403);
    expect((await as.prestador.get('/api/risk-managers/login')).statusCode).toBe(403);
  });

  it('an admin sees admins and every tenant, and may narrow to one', async () => {
    const all = (await as.admin.get('/api/risk-managers/login')).json<UserRec[]>();
    expect(all.map((u) => u.email).sort()).toEqual(['admin@demo.com.br', 'gestor.norte@demo.com.br', 'gestor@demo.com.br', 'operador@demo.com.br', 'ti@demo.com.br']);
    const norte = (await as.admin.get(`/api/risk-managers/login?riskManager=${DEMO_IDS.riskManagerNorte}`)).json<UserRec[]>();
    expect(norte.map((u) => u.email)).toEqual(['gestor.norte@demo.com.br']);
  });
});

describe('creating users', () => {
  it('a risk-manager admin creates a user of its own tenant who can then log in', async () => {
    const created = await as.gestor.post('/api/risk-managers/login', newUser());
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/) as unknown,
      name: 'Maria Souza',
      email: 'maria.souza@demo.com.br',
      role: { type: 'risk_manager', perfil: 'operational' },
      active: true,
      riskManager: DEMO_IDS.riskManager,
    });
    const row = await userRow(created.json<UserRec>()._id);
    expect(row?.passwordHash).toMatch(/^scrypt\$/);
    expect(row?.passwordHash).not.toContain('Senha@2026');
    expect(await login(t.app, 'maria.souza@demo.com.br', 'Senha@2026')).toEqual(expect.any(String));
  });

  it("refuses a duplicate e-mail whatever its case with 409 'E-mail já cadastrado'", async () => {
    const response = await as.gestor.post('/api/risk-managers/login', newUser({ email: 'OPERADOR@demo.com.br' }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'E-mail já cadastrado' });
  });

  it('a risk-manager user cannot create an admin, a user of another tenant, or (unless ti) a ti user', async () => {
    const attempts = [
      await as.gestor.post('/api/risk-managers/login', newUser({ email: 'a1@demo.com.br', role: { type: 'admin', perfil: 'admin' } })),
      await as.gestor.post('/api/risk-managers/login', newUser({ email: 'a2@demo.com.br', riskManager: DEMO_IDS.riskManagerNorte })),
      await as.gestor.post('/api/risk-managers/login', newUser({ email: 'a3@demo.com.br', role: { perfil: 'ti' } })),
      await as.operador.post('/api/risk-managers/login', newUser({ email: 'a4@demo.com.br' })),
    ];
    expect(attempts.map((r) => r.statusCode)).toEqual([403, 403, 403, 403]);
    const emails = (await t.database.db.select({ email: users.email }).from(users)).map((u) => u.email);
    expect(emails.filter((e) => /^a\d@/.test(e))).toEqual([]);
  });

  it('a ti user and a platform admin may create ti users', async () => {
    const byTi = await as.ti.post('/api/risk-managers/login', newUser({ email: 'ti2@demo.com.br', role: { perfil: 'ti' } }));
    expect(byTi.statusCode).toBe(201);
    expect(byTi.json<{ role: unknown }>().role).toEqual({ type: 'risk_manager', perfil: 'ti' });
    const byAdmin = await as.admin.post('/api/risk-managers/login', newUser({ email: 'ti3@demo.com.br', role: { perfil: 'ti' }, riskManager: DEMO_IDS.riskManagerNorte }));
    expect(byAdmin.statusCode).toBe(201);
    expect(byAdmin.json()).toMatchObject({ role: { type: 'risk_manager', perfil: 'ti' }, riskManager: DEMO_IDS.riskManagerNorte });
  });

  it('an admin must name an existing risk manager: platform admins are never created here (seed only)', async () => {
    const missingIssue = { code: 'missingRiskManager', path: 'riskManager', message: 'Preencha a gerenciadora de risco' };
    for (const extra of [{}, { riskManager: '' }, { riskManager: '5f00000000000000000000ff' }, { role: { type: 'risk_manager', perfil: 'admin' } }]) {
      const response = await as.admin.post('/api/risk-managers/login', newUser({ email: 'sem.gestora@demo.com.br', role: { perfil: 'admin' }, ...extra }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ errors: [missingIssue] });
    }
    const asAdmin = await as.admin.post('/api/risk-managers/login', newUser({ email: 'admin2@demo.com.br', role: { type: 'admin', perfil: 'admin' }, riskManager: DEMO_IDS.riskManager }));
    expect(asAdmin.statusCode).toBe(400);
    expect(asAdmin.json<{ errors: ValidationIssue[] }>().errors).toEqual([{ code: 'invalid_enum_value', path: 'role.type', message: 'Opção inválida' }]);
    const provider = await as.admin.post('/api/risk-managers/login', newUser({ email: 'y@demo.com.br', role: { type: 'service_provider', perfil: 'admin' } }));
    expect(provider.statusCode).toBe(400);
    // An empty admin form gets every message at once.
    const empty = await as.admin.post('/api/risk-managers/login', { name: '', email: '', password: '', role: { perfil: 'admin' }, active: true });
    expect(empty.json<{ errors: ValidationIssue[] }>().errors.map((e) => e.path)).toEqual(['name', 'email', 'password', 'riskManager']);
    const created = (await t.database.db.select({ email: users.email }).from(users)).map((u) => u.email);
    expect(created.filter((e) => ['sem.gestora@demo.com.br', 'admin2@demo.com.br', 'y@demo.com.br'].includes(e))).toEqual([]);
    expect((await t.database.db.select().from(users).where(eq(users.roleType, 'admin'))).map((u) => u.email)).toEqual(['admin@demo.com.br']);
  });

  it('an admin creates a user of the risk manager it names', async () => {
    const created = await as.admin.post('/api/risk-managers/login', newUser({ email: 'norte2@demo.com.br', riskManager: DEMO_IDS.riskManagerNorte }));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ role: { type: 'risk_manager', perfil: 'operational' }, riskManager: DEMO_IDS.riskManagerNorte });
  });

  it('a malformed user id is a 400 from the route schema', async () => {
    for (const response of [
      await as.gestor.put('/api/risk-managers/login/xyz', { name: 'x', role: { perfil: 'operational' }, active: true }),
      await as.gestor.del('/api/risk-managers/login/xyz'),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ errors: [{ code: 'pattern', path: 'id', message: 'Formato inválido' }] });
    }
  });

  it('a password under 8 characters is refused with the shared message', async () => {
    const response = await as.gestor.post('/api/risk-managers/login', newUser({ password: 'Curta@1' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [{ code: 'too_small', path: 'password', message: 'A senha deve ter ao menos 8 caracteres' }] });
  });

  it('validates with the shared schema', async () => {
    const response = await as.gestor.post('/api/risk-managers/login', { name: '', email: 'não-é-email', role: { perfil: 'chefe' }, active: true });
    expect(response.statusCode).toBe(400);
    const byPath = Object.fromEntries(response.json<{ errors: ValidationIssue[] }>().errors.map((e) => [e.path, e.code]));
    expect(byPath).toMatchObject({ name: 'too_small', email: 'invalid_email', password: 'too_small', 'role.perfil': 'invalid_enum_value' });
  });
});

describe('updating and deleting users', () => {
  it('updates name, perfil and active but never the e-mail; deactivation revokes the open session', async () => {
    const id = idOf('operador@demo.com.br');
    expect((await as.operador.get('/api/admin/causes')).statusCode).toBe(200);
    const response = await as.gestor.put(`/api/risk-managers/login/${id}`, {
      name: 'Operador Renomeado',
      email: 'outro@demo.com.br',
      role: { type: 'admin', perfil: 'admin' },
      active: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Operador Renomeado', email: 'operador@demo.com.br', role: { type: 'risk_manager', perfil: 'admin' }, active: false });
    expect((await userRow(id))?.tokenVersion).toBe(1);
    expect((await as.operador.get('/api/admin/causes')).statusCode).toBe(401);
  });

  it("another tenant's user is 404 on update and delete, and stays unchanged", async () => {
    const id = idOf('gestor.norte@demo.com.br');
    expect((await as.gestor.put(`/api/risk-managers/login/${id}`, { name: 'Invadido', role: { perfil: 'operational' }, active: false })).statusCode).toBe(404);
    expect((await as.gestor.del(`/api/risk-managers/login/${id}`)).statusCode).toBe(404);
    // A provider login is not a user of this screen either.
    expect((await as.gestor.del(`/api/risk-managers/login/${idOf('prestador@demo.com.br')}`)).statusCode).toBe(404);
    expect(await userRow(id)).toMatchObject({ name: 'Gestor Norte', perfil: 'admin', active: true, tokenVersion: 0 });
  });

  it('the ti perfil is given or changed only by ti or admin-type users', async () => {
    const tiId = idOf('ti@demo.com.br');
    const body = { name: 'TI Demo', role: { perfil: 'operational' }, active: true };
    expect((await as.gestor.put(`/api/risk-managers/login/${tiId}`, body)).statusCode).toBe(403);
    expect((await as.gestor.del(`/api/risk-managers/login/${tiId}`)).statusCode).toBe(403);
    expect((await as.gestor.put(`/api/risk-managers/login/${idOf('operador@demo.com.br')}`, { ...body, role: { perfil: 'ti' } })).statusCode).toBe(403);
    expect((await userRow(tiId))?.perfil).toBe('ti');
    expect((await as.ti.put(`/api/risk-managers/login/${idOf('operador@demo.com.br')}`, { ...body, name: 'Operador', role: { perfil: 'ti' } })).statusCode).toBe(200);
  });

  it('nobody changes their own perfil or deactivates themselves (a ti user once promoted itself to admin)', async () => {
    const callers = [
      ['ti', 'ti@demo.com.br', 'ti'],
      ['gestor', 'gestor@demo.com.br', 'admin'],
      ['admin', 'admin@demo.com.br', 'admin'],
    ] as const;
    for (const [account, email, perfil] of callers) {
      const id = idOf(email);
      const promoted = await as[account].put(`/api/risk-managers/login/${id}`, { name: 'Eu', role: { perfil: perfil === 'admin' ? 'operational' : 'admin' }, active: true });
      expect(promoted.statusCode, account).toBe(403);
      expect(promoted.json()).toEqual({ error: 'Não é possível alterar o próprio perfil' });
      const deactivated = await as[account].put(`/api/risk-managers/login/${id}`, { name: 'Eu', role: { perfil }, active: false });
      expect(deactivated.statusCode, account).toBe(403);
      expect(deactivated.json()).toEqual({ error: 'Não é possível desativar o próprio usuário' });
      expect(await userRow(id)).toMatchObject({ perfil, active: true, tokenVersion: 0 });
      // Renaming oneself with perfil and active unchanged is still allowed.
      expect((await as[account].put(`/api/risk-managers/login/${id}`, { name: 'Novo Nome', role: { perfil }, active: true })).statusCode).toBe(200);
    }
    // The ti user still gives what its screen offers to others, admin included.
    const other = await as.ti.put(`/api/risk-managers/login/${idOf('operador@demo.com.br')}`, { name: 'Operador', role: { perfil: 'admin' }, active: true });
    expect(other.statusCode).toBe(200);
    // A risk-manager admin may not touch the ti user; the refusal is Portuguese.
    const tiTouch = await as.gestor.put(`/api/risk-managers/login/${idOf('ti@demo.com.br')}`, { name: 'TI', role: { perfil: 'ti' }, active: false });
    expect(tiTouch.statusCode).toBe(403);
    expect(tiTouch.json()).toEqual({ error: 'Você não pode atribuir este perfil' });
  });

  it('deletes a user but never the caller itself', async () => {
    const created = (await as.gestor.post('/api/risk-managers/login', newUser())).json<UserRec>();
    expect((await as.gestor.del(`/api/risk-managers/login/${created._id}`)).statusCode).toBe(204);
    expect(await userRow(created._id)).toBeUndefined();
    expect((await as.gestor.del(`/api/risk-managers/login/${idOf('gestor@demo.com.br')}`)).statusCode).toBe(400);
    expect(await userRow(idOf('gestor@demo.com.br'))).toBeDefined();
  });
});
