import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  holderStatusWeight,
  MISSION_STATUS_WEIGHTS,
  MONITORING_PAGE_SIZE,
  STORED_MISSION_STATUSES,
  type MissionDetail,
  type MonitoringPage,
  type StoredMissionStatus,
} from '../../src/domain/missions';
import { buildApp } from '../../server/http/app';
import { missionMessages, missions, shippers } from '../../server/db/schema';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { CATALOGUE_IDS } from '../../server/demo/seedCatalogues';
import { clientFor, type Client } from './catalogueClient';
import { login } from './helpers';
import { BASE, missionBody, useMissionsApp, type MissionsTest } from './missionsClient';

/** GET request/monitoring: who sees what, in which order, paged and filtered, with a correct total. */

let m: MissionsTest;
useMissionsApp((ready) => {
  m = ready;
});

const monitoring = async (who: Client, query = '') => {
  const response = await who.get(`${BASE}/request/monitoring${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MonitoringPage>();
};
const statuses = (page: MonitoringPage) => Object.fromEntries(page.data.map((r) => [r._id, r.status]));

/** Written straight to the table, then settled as a request that writes is (the cached pages hear it). */
async function force(id: string, status: StoredMissionStatus) {
  await m.t.database.db.update(missions).set({ status }).where(eq(missions.id, id));
  await m.t.app.settle();
}

/** Spreads creation times (the test clock is fixed), newest last: order by "newest first" is checkable. */
async function age(id: string, minutesAgo: number) {
  await m.t.database.db
    .update(missions)
    .set({ createdAt: new Date(Date.UTC(2026, 10, 20, 12, 0) - minutesAgo * 60_000) })
    .where(eq(missions.id, id));
  await m.t.app.settle();
}

const norteMission = () =>
  m.as.norte.post(`${BASE}/request`, {
    shipper: CATALOGUE_IDS.shipperNorte,
    franchise_plan: '5f0000410000000000000004',
    requester: CATALOGUE_IDS.requesterNorte,
    location: { zipcode: '69005-010', address: 'Rua Teste', number: '1', neighborhood: 'Centro', city: 'Manaus', state: 'AM', latitude: -3.1, longitude: -60 },
  });

describe('scope per role', () => {
  it('shows each caller exactly its missions, a lost one as rejected', async () => {
    const open = await m.create();
    const noticed = await m.create();
    await m.as.sul.post(`${BASE}/proposals`, { missionRequest: noticed._id, status: 'pending' });
    const heldByDemo = await m.started('prestador'); // Escolta Sul's notice lost
    const heldBySul = await m.started('sul');
    const canceledOpen = await m.create();
    await m.propose('prestador', canceledOpen._id);
    await m.as.gestor.put(`${BASE}/request/${canceledOpen._id}/status`, { missionRequest: canceledOpen._id, status: 'canceled' });
    const norte = (await norteMission()).json<MissionDetail>();

    expect(statuses(await monitoring(m.as.gestor))).toEqual({
      [open._id]: 'open',
      [noticed._id]: 'open',
      [heldByDemo._id]: 'started',
      [heldBySul._id]: 'started',
      [canceledOpen._id]: 'canceled',
    });
    expect(statuses(await monitoring(m.as.prestador))).toEqual({
      [open._id]: 'open',
      [noticed._id]: 'open',
      [heldByDemo._id]: 'started',
      [canceledOpen._id]: 'canceled',
    });
    expect(statuses(await monitoring(m.as.sul))).toEqual({
      [open._id]: 'open',
      [noticed._id]: 'open',
      [heldByDemo._id]: 'rejected',
      [heldBySul._id]: 'started',
    });
    expect(statuses(await monitoring(m.as.norte))).toEqual({ [norte._id]: 'open' });
    expect(Object.keys(statuses(await monitoring(m.as.admin))).sort()).toEqual(
      [open._id, noticed._id, heldByDemo._id, heldBySul._id, canceledOpen._id, norte._id].sort(),
    );

    // The same scope answers GET request/id/{id}.
    expect((await m.as.norte.get(`${BASE}/request/id/${open._id}`)).statusCode).toBe(404);
    expect((await m.as.prestador.get(`${BASE}/request/id/${heldBySul._id}`)).statusCode).toBe(404);
    const lost = (await m.as.sul.get(`${BASE}/request/id/${heldByDemo._id}`)).json<MissionDetail>();
    // It lost: it learns that much and nothing of the winner (competition.ts; competition.test.ts walks every read).
    expect(lost).toMatchObject({ status: 'rejected', storedStatus: null, serviceProvider: null, serviceProviderName: '', finishingAsked: false });
  });

  it('sends the display fields and the provider its own proposal', async () => {
    const mission = await m.create();
    await age(mission._id, 0);
    const notice = await m.as.sul.post(`${BASE}/proposals`, { missionRequest: mission._id, status: 'pending' });
    const [asSul] = (await monitoring(m.as.sul)).data;
    expect(asSul).toMatchObject({
      requesterNameDisplay: 'Central de Monitoramento',
      createdAtDisplay: '20/11/2026 09:00',
      serviceProviderName: 'Em leilão',
      shipperName: 'Andrade Alimentos',
      franchisePlanName: 'Pronta resposta padrão',
      riskManagerName: 'Gerenciadora Demo',
      ownProposal: { _id: notice.json<{ _id: string }>()._id, status: 'pending' },
      location: { zipcode: '01310100', city: 'São Paulo', latitude: -23.5613 },
    });
    expect((await monitoring(m.as.gestor)).data[0]?.ownProposal).toBeNull();
    const detail = (await m.as.gestor.get(`${BASE}/request/id/${mission._id}`)).json<MissionDetail>();
    expect(detail.cause).toEqual({ _id: CATALOGUE_IDS.causeRoubo, name: 'Roubo de carga' });
    expect(detail.place).toBeNull();
  });
});

describe('the tech profile', () => {
  it('is refused the missions service, its details and chat and the live ticket, as its menu has no Missões', async () => {
    const mission = await m.create();
    const calls = [
      m.as.ti.get(`${BASE}/request/monitoring`),
      m.as.ti.get(`${BASE}/request/id/${mission._id}`),
      m.as.ti.get(`${BASE}/${mission._id}/events`),
      m.as.ti.get(`${BASE}/${mission._id}/chat`),
      m.as.ti.post(`${BASE}/request`, { ...missionBody(), processNumber: 'TI-1' }),
      m.as.ti.post(`${BASE}/live/ticket`, {}),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode, response.body).toBe(403);
    const listed = await monitoring(m.as.gestor);
    expect(listed.data.some((r) => r.processNumber === 'TI-1')).toBe(false);
  });
});

describe('order, pages and filters', () => {
  it('sorts by the status weight, then newest first, over pages of 20', async () => {
    const made: { id: string; status: StoredMissionStatus; minutesAgo: number }[] = [];
    const plan: StoredMissionStatus[] = ['canceled', 'finished', 'open', 'billed', 'started', 'open', 'finished', 'billed_shipper'];
    for (let i = 0; i < 24; i++) {
      const mission = await m.create();
      const status = plan[i % plan.length] ?? 'open';
      made.push({ id: mission._id, status, minutesAgo: (i * 37) % 50 });
    }
    await Promise.all(made.map(async (x) => { await force(x.id, x.status); await age(x.id, x.minutesAgo); }));
    const expected = [...made]
      .sort((a, b) => MISSION_STATUS_WEIGHTS[a.status] - MISSION_STATUS_WEIGHTS[b.status] || a.minutesAgo - b.minutesAgo || (a.id < b.id ? 1 : -1))
      .map((x) => x.id);
    const first = await monitoring(m.as.gestor);
    const second = await monitoring(m.as.gestor, '?page=2');
    expect(first).toMatchObject({ page: 1, total: 24, totalPages: 2 });
    expect(first.data).toHaveLength(MONITORING_PAGE_SIZE);
    expect(second).toMatchObject({ page: 2, total: 24, totalPages: 2 });
    expect([...first.data, ...second.data].map((r) => r._id)).toEqual(expected);
    expect((await monitoring(m.as.gestor, '?page=3')).data).toEqual([]);

    const finished = await monitoring(m.as.gestor, '?status=finished');
    expect(finished.total).toBe(made.filter((x) => x.status === 'finished').length);
    expect(finished.data.every((r) => r.status === 'finished')).toBe(true);
    const window = `?start=${encodeURIComponent(new Date(Date.UTC(2026, 10, 20, 11, 50)).toISOString())}&end=${encodeURIComponent(new Date(Date.UTC(2026, 10, 20, 12, 0)).toISOString())}`;
    const recent = await monitoring(m.as.gestor, window);
    expect(recent.total).toBe(made.filter((x) => x.minutesAgo <= 10).length);
    expect(recent.data.map((r) => r._id).sort()).toEqual(made.filter((x) => x.minutesAgo <= 10).map((x) => x.id).sort());
  });

  it('pages and filters a provider\'s union the same way, rejected included', async () => {
    const lost: string[] = [];
    for (let i = 0; i < 3; i++) lost.push((await m.started('prestador'))._id);
    // Canceled under its live proposal: the heaviest weight, read only for a page the others do not fill.
    const dropped = await m.create();
    await m.propose('sul', dropped._id);
    await m.as.gestor.put(`${BASE}/request/${dropped._id}/status`, { missionRequest: dropped._id, status: 'canceled' });
    for (let i = 0; i < 21; i++) await m.create();
    const first = await monitoring(m.as.sul);
    expect(first).toMatchObject({ total: 25, totalPages: 2 });
    expect(first.data.map((r) => r.status)).toEqual(Array(MONITORING_PAGE_SIZE).fill('open'));
    const second = await monitoring(m.as.sul, '?page=2');
    // Open first (weight 0), the lost ones (weight 3), then the canceled one (weight 5).
    expect(second.data.map((r) => r.status)).toEqual(['open', 'rejected', 'rejected', 'rejected', 'canceled']);
    expect(second.data.slice(1, 4).map((r) => r._id).sort()).toEqual([...lost].sort());
    expect(second.data[4]?._id).toBe(dropped._id);
    const rejected = await monitoring(m.as.sul, '?status=rejected');
    expect(rejected.total).toBe(3);
    expect((await monitoring(m.as.sul, '?status=open')).total).toBe(21);
    expect((await monitoring(m.as.prestador, '?status=started')).total).toBe(3);
    expect((await monitoring(m.as.gestor, '?status=rejected')).total).toBe(0);
  });
});

describe('the cached total', () => {
  it('follows every mission and proposal write, including another server instance\'s', async () => {
    const first = await m.create();
    expect((await monitoring(m.as.sul)).total).toBe(1);
    expect((await monitoring(m.as.sul)).total).toBe(1);

    // A second instance on the same database (as two servers on one PostgreSQL).
    const other = await buildApp({ config: m.t.config, db: m.t.database.db, mailer: { send: async () => {} }, now: () => m.t.clock.now });
    await other.ready();
    try {
      const gestor2 = clientFor(other, await login(other, 'gestor@demo.com.br'));
      const sul2 = clientFor(other, await login(other, 'prestador2@demo.com.br'));
      expect((await monitoring(sul2)).total).toBe(1);
      await m.create();
      // Instance 1's write reaches instance 2 as an announcement, heard a moment after the answer.
      await expect.poll(async () => (await monitoring(sul2)).total, { timeout: 10_000 }).toBe(2);
      // Escolta Sul proposes on the first mission through instance 2; instance 1 accepts the other provider.
      await sul2.post(`${BASE}/proposals`, { missionRequest: first._id, status: 'pending' });
      await m.propose('prestador', first._id);
      await gestor2.put(`${BASE}/request/${first._id}/status`, { missionRequest: first._id, status: 'started', serviceProvider: DEMO_IDS.provider });
      expect((await monitoring(m.as.sul, '?status=rejected')).total).toBe(1);
      expect((await monitoring(sul2, '?status=open')).total).toBe(1);
      expect((await monitoring(m.as.gestor, '?status=open')).total).toBe(1);
    } finally {
      await other.close();
    }
  });

  it('does not let one tenant\'s writes or cache answer another\'s', async () => {
    await m.create();
    expect((await monitoring(m.as.norte)).total).toBe(0);
    await norteMission();
    expect((await monitoring(m.as.norte)).total).toBe(1);
    expect((await monitoring(m.as.gestor)).total).toBe(1);
    expect((await monitoring(m.as.admin)).total).toBe(2);
  });
});

describe('the cached page', () => {
  const row = async (who: Client, id: string) => (await monitoring(who, '?status=started')).data.find((r) => r._id === id);

  it('follows chat messages and reads (the unread count) and the names it shows', async () => {
    const mission = await m.started('prestador');
    expect((await row(m.as.prestador, mission._id))?.unreadMessages).toBe(0);
    // Written straight to the table: the stamp must move with the row, whoever writes it (settled
    // as a request that writes is, so PostgreSQL's announcement has arrived).
    await m.t.database.db.insert(missionMessages).values({ mission: mission._id, senderName: 'Gestor', senderRole: 'risk_manager', chatType: 'mission_chat', message: 'oi' });
    await m.t.app.settle();
    expect((await row(m.as.prestador, mission._id))?.unreadMessages).toBe(1);
    expect((await m.as.prestador.get(`/api/missions/${mission._id}/chat`)).statusCode).toBe(200);
    expect((await row(m.as.prestador, mission._id))?.unreadMessages).toBe(0);

    expect((await row(m.as.gestor, mission._id))?.shipperName).not.toBe('Embarcador Renomeado');
    await m.t.database.db.update(shippers).set({ name: 'Embarcador Renomeado' }).where(eq(shippers.id, mission.shipper));
    await m.t.app.settle();
    expect((await row(m.as.gestor, mission._id))?.shipperName).toBe('Embarcador Renomeado');
    expect((await row(m.as.prestador, mission._id))?.shipperName).toBe('Embarcador Renomeado');
  });

  it('is kept per user: one user\'s read does not answer another\'s page', async () => {
    const mission = await m.started('prestador');
    await m.t.database.db.insert(missionMessages).values({ mission: mission._id, senderName: 'Prestador', senderRole: 'service_provider', chatType: 'mission_chat', message: 'chegamos' });
    await m.t.app.settle();
    expect((await row(m.as.gestor, mission._id))?.unreadMessages).toBe(1);
    expect((await row(m.as.admin, mission._id))?.unreadMessages).toBe(1);
    expect((await m.as.gestor.get(`/api/missions/${mission._id}/chat`)).statusCode).toBe(200);
    expect((await row(m.as.gestor, mission._id))?.unreadMessages).toBe(0);
    expect((await row(m.as.admin, mission._id))?.unreadMessages).toBe(1);
  });
});

describe('the stored status weight', () => {
  it('is the product\'s weight of every stored status (the index sorts by it)', async () => {
    const mission = await m.create();
    for (const status of STORED_MISSION_STATUSES) {
      await force(mission._id, status);
      const result = await m.t.database.db.execute(sql`select status_weight as w, holder_weight as h from missions where id = ${mission._id}`);
      const [row] = (result as { rows: { w: number; h: number }[] }).rows;
      expect(row?.w, status).toBe(MISSION_STATUS_WEIGHTS[status]);
      // The holder's list sorts by the status it sees (competition.ts).
      expect(row?.h, status).toBe(holderStatusWeight(status));
    }
  });
});

