import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MissionDetail, MonitoringPage } from '../../src/domain/missions';
import { DEMO_USERS } from '../../server/demo/seed';
import { call, postgresAvailable, signIn, startInstances, type Instance } from './instances';
import { missionBody } from './missionsClient';

/**
 * What an instance keeps in memory (users for the token check, catalogue lists, monitoring pages:
 * server/cache) with two instances on one PostgreSQL: a change written through one is seen by the
 * other on the very next request, and nothing is served from memory while the announcements that
 * keep it current are not arriving.
 */
const idOf = (email: string) => DEMO_USERS.find((u) => u.email === email)!.id;

describe.skipIf(!postgresAvailable)('cached answers across two instances on one PostgreSQL', () => {
  let a: Instance;
  let b: Instance;
  let running: Awaited<ReturnType<typeof startInstances>>;
  let gestor: string;

  beforeAll(async () => {
    running = await startInstances(2);
    [a, b] = running.instances as [Instance, Instance];
    gestor = await signIn(a, 'gestor@demo.com.br');
  }, 60_000);
  afterAll(async () => running?.stop());

  /**
   * `instance` has heard every change committed so far. PostgreSQL delivers an announcement to each
   * listening instance in about a millisecond, but on a loaded machine a request sent right after
   * another instance's answer may arrive first: "the next request" is the next one after delivery.
   */
  const heard = (instance: Instance) => instance.app.settle();

  /** A request answered twice on `instance`, so the second comes from memory. */
  const warm = async (instance: Instance, path: string, token: string) => {
    for (let i = 0; i < 2; i++) expect((await call(instance, 'GET', path, token)).status).toBe(200);
  };

  it('a new profile and a deactivation written on one instance are enforced by the other on the next request', async () => {
    const operador = await signIn(b, 'operador@demo.com.br');
    await warm(b, '/api/admin/causes', operador);
    expect((await call(b, 'GET', '/api/risk-managers/login', operador)).status).toBe(403);

    const id = idOf('operador@demo.com.br');
    const promoted = await call(a, 'PUT', `/api/risk-managers/login/${id}`, gestor, { name: 'Operador Demo', role: { perfil: 'admin' }, active: true });
    expect(promoted.status).toBe(200);
    await heard(b);
    // The session's permissions are the row's, not the token's: the same token now opens the users screen.
    await warm(b, '/api/risk-managers/login', operador);

    const off = await call(a, 'PUT', `/api/risk-managers/login/${id}`, gestor, { name: 'Operador Demo', role: { perfil: 'admin' }, active: false });
    expect(off.status).toBe(200);
    await heard(b);
    expect((await call(b, 'GET', '/api/risk-managers/login', operador)).status).toBe(401);
  });

  it('a catalogue row and a mission written on one instance are listed by the other on its next request', async () => {
    await warm(b, '/api/admin/causes', gestor);
    await warm(b, '/api/missions/request/monitoring', gestor);
    const cause = await call<{ _id: string }>(a, 'POST', '/api/admin/causes', gestor, { name: 'Carga tombada', active: true });
    expect(cause.status).toBe(201);
    await heard(b);
    const causes = await call<{ _id: string }[]>(b, 'GET', '/api/admin/causes', gestor);
    expect(causes.json.map((c) => c._id)).toContain(cause.json._id);

    const mission = await call<MissionDetail>(a, 'POST', '/api/missions/request', gestor, missionBody({ processNumber: 'PR-CACHE' }));
    expect(mission.status).toBe(201);
    await heard(b);
    const page = await call<MonitoringPage>(b, 'GET', '/api/missions/request/monitoring', gestor);
    expect(page.json.data.map((m) => m._id)).toContain(mission.json._id);
  });

  it('while the announcements are not arriving nothing is answered from memory, and after they return everything is read again', async () => {
    await warm(b, '/api/admin/causes', gestor);
    const killed = await running.admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query like 'LISTEN %'`, [
      running.database,
    ]);
    expect(killed.rows.length).toBe(2);
    // B learns of its dropped connection from PostgreSQL a moment later; deaf from then on.
    await vi.waitFor(() => expect(b.app.hearsAnnouncements()).toBe(false), { timeout: 10_000, interval: 5 });
    // Written while B hears nothing: B reads it from the database.
    const during = await call<{ _id: string }>(a, 'POST', '/api/admin/causes', gestor, { name: 'Pane elétrica', active: true });
    expect(during.status).toBe(201);
    const listed = await call<{ _id: string }[]>(b, 'GET', '/api/admin/causes', gestor);
    expect(listed.json.map((c) => c._id)).toContain(during.json._id);
  });
});
