/**
 * The mission PDF report and the dossier's hash chain (docs/rules/reports.md): the PDF's text (extracted with
 * pdf-parse) for each kind, who may extract which kind, bad input, the chain verified intact, broken
 * by a tampered event, linear under concurrent writers, and older events sealed once.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ChainVerification } from '../../src/domain/reports';
import {
  REPORT_KIND_INVALID,
  REPORT_MISSION_REQUIRED,
  REPORT_NOT_BILLED,
} from '../../src/domain/reports/missionReport';
import { sealEventChains } from '../../server/db/eventChain';
import { missionEvents, missionOccurrences } from '../../server/db/schema';
import { recordEvent } from '../../server/missions/events';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { DOSSIER_EXPECTED, fillDossier, pagesOf, textOf } from './missionReportFixtures';
import { BASE, useMissionsApp, type MissionAccount, type MissionsTest } from './missionsClient';
import type { AuthUser } from '../../server/shared/session';

let m: MissionsTest;
useMissionsApp((ready) => (m = ready));

const pdfUrl = (id: string, type: string) => `/api/reports/missionDetail/pdf?missionRequestId=${id}&type=${type}`;
const verifyUrl = (id: string) => `/api/reports/missionDetail/verify?missionRequestId=${id}`;



/** A mission held by Pronta Resposta, finished, with agents, vehicle, occurrence, attachment and both billing sides. */
async function finishedMission(): Promise<string> {
  const mission = await m.started('prestador');
  const finished = await m.as.prestador.put(`${BASE}/request/${mission._id}/status`, { missionRequest: mission._id, status: 'finished' });
  expect(finished.statusCode, finished.body).toBe(200);
  await fillDossier(m.t.database.db, mission._id);
  return mission._id;
}

const verify = async (who: MissionAccount, id: string) => {
  const r = await m.as[who].get(verifyUrl(id));
  expect(r.statusCode, r.body).toBe(200);
  return r.json<ChainVerification>();
};

describe('mission PDF', () => {
  it('prints the mission, agents with their totals, the timeline with its chain and, for the shipper, the billing', async () => {
    const id = await finishedMission();
    const chain = await verify('gestor', id);
    const response = await m.as.gestor.get(pdfUrl(id, 'shipper'));
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('attachment; filename="relatorio-missao-pr-001-cliente.pdf"');
    const text = await textOf(response);
    for (const expected of [
      'Gerenciadora Demo',
      'Relatório da missão — Cliente',
      'PR-001',
      'Finalizado',
      ...DOSSIER_EXPECTED.agents,
      ...DOSSIER_EXPECTED.agentTotals.flatMap((t) => [t.km, t.time]),
      DOSSIER_EXPECTED.plate,
      DOSSIER_EXPECTED.occurrence,
      ...DOSSIER_EXPECTED.ceps,
      DOSSIER_EXPECTED.attachment,
      'Missão criada',
      'Cadeia íntegra',
      chain.headHash ?? 'sem hash',
      'Custo final',
      DOSSIER_EXPECTED.finalCost.shipper,
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain(DOSSIER_EXPECTED.finalCost.provider);
    for (const cep of DOSSIER_EXPECTED.ceps) expect(text, 'no CEP printed as bare digits').not.toContain(cep.replace('-', ''));
  });

  it('numbers every page and names the mission at its foot', async () => {
    const id = await finishedMission();
    // Enough occurrences for the dossier to run over several pages.
    await m.t.database.db.insert(missionOccurrences).values(
      Array.from({ length: 60 }, (_, i) => ({
        mission: id,
        date: new Date(Date.UTC(2026, 2, 1, 12, i)),
        type: 'suspicious' as const,
        description: `Ocorrência ${i} na rodovia`,
        city: 'Campinas',
        state: 'SP',
        address: 'Rodovia Anhanguera',
        createdAt: new Date(Date.UTC(2026, 2, 1, 12, i, 30)),
      })),
    );
    const pages = await pagesOf(await m.as.gestor.get(pdfUrl(id, 'simple')));
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(page).toContain(`Página ${i + 1} de ${pages.length}`);
      expect(page).toContain('Missão PR-001 — gerado em');
    });
  });

  it("the provider's kind shows the provider side; 'Atendimento' shows no money", async () => {
    const id = await finishedMission();
    const provider = await textOf(await m.as.prestador.get(pdfUrl(id, 'provider')));
    expect(provider).toContain(DOSSIER_EXPECTED.finalCost.provider);
    expect(provider).not.toContain(DOSSIER_EXPECTED.finalCost.shipper);
    const simple = await m.as.prestador.get(pdfUrl(id, 'simple'));
    expect(simple.headers['content-disposition']).toContain('relatorio-missao-pr-001-atendimento.pdf');
    const text = await textOf(simple);
    expect(text).toContain('Relatório da missão — Atendimento');
    expect(text).toContain(DOSSIER_EXPECTED.agentTotals[0]?.km);
    expect(text).not.toContain('R$');
    expect(text).not.toContain('Custo final');
  });

  it('tenancy and roles: provider asking the shipper side 403, loser and other tenant 404, tech 403, admin reads', async () => {
    const id = await finishedMission();
    const status = async (who: MissionAccount, type: string) => (await m.as[who].get(pdfUrl(id, type))).statusCode;
    expect(await status('prestador', 'shipper')).toBe(403);
    expect(await status('prestador', 'provider')).toBe(200);
    expect(await status('operador', 'provider')).toBe(200);
    expect(await status('admin', 'shipper')).toBe(200);
    // Escolta Sul proposed and lost: the mission is not its business any more.
    expect(await status('sul', 'simple')).toBe(404);
    expect(await status('sul', 'provider')).toBe(404);
    for (const type of ['shipper', 'provider', 'simple']) expect(await status('norte', type)).toBe(404);
    expect(await status('ti', 'simple')).toBe(403);
    expect((await m.as.norte.get(verifyUrl(id))).statusCode).toBe(404);
    expect((await m.as.sul.get(verifyUrl(id))).statusCode).toBe(404);
    expect((await m.as.ti.get(verifyUrl(id))).statusCode).toBe(403);
    expect((await m.t.app.inject({ method: 'GET', url: pdfUrl(id, 'simple') })).statusCode).toBe(401);
  });

  it("prints where the team was when its phone's positions recorded the arrival at the place", async () => {
    const mission = await m.started('prestador');
    const phone = await m.as.prestador.post('/api/positions/devices', { name: 'Celular da viatura 1' });
    expect(phone.statusCode, phone.body).toBe(201);
    const identifier = phone.json<{ identifier: string }>().identifier;
    // Two fixes at the mission's place (missionBody's) after the acceptance: the arrival, once.
    for (const seconds of [30, 60]) {
      const at = Math.floor(m.t.clock.now.getTime() / 1000) + seconds;
      const fix = await m.t.app.inject({ method: 'GET', url: `/api/positions/osmand?id=${identifier}&lat=-23.5613&lon=-46.6565&timestamp=${at}` });
      expect(fix.statusCode).toBe(200);
    }
    const text = await textOf(await m.as.gestor.get(pdfUrl(mission._id, 'simple')));
    expect(text).toContain('Equipe chegou ao local');
    expect(text).toContain('Posição: -23.56130, -46.65650 às');
    await m.t.database.db.execute(sql`truncate positions, tracker_devices`);
  });

  it('billed kinds exist only once the mission reached billing; the simple one at any time', async () => {
    const mission = await m.started('prestador');
    const refused = await m.as.gestor.get(pdfUrl(mission._id, 'shipper'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: REPORT_NOT_BILLED });
    expect(await textOf(await m.as.gestor.get(pdfUrl(mission._id, 'simple')))).toContain('Nenhum agente registrado.');
  });

  it("no document names another provider: the 'Prestadora' one is the holder's whoever downloads it; the 'Cliente' one names the holder only and counts the proposals", async () => {
    // Escolta Sul sends a full proposal and loses to Pronta Resposta.
    const mission = await m.create();
    await m.propose('sul', mission._id);
    const won = await m.propose('prestador', mission._id);
    const accepted = await m.as.gestor.put(`${BASE}/request/${mission._id}/status`, { missionRequest: mission._id, status: 'started', serviceProvider: won.serviceProvider });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await m.as.prestador.put(`${BASE}/request/${mission._id}/status`, { missionRequest: mission._id, status: 'finished' })).statusCode).toBe(200);
    await fillDossier(m.t.database.db, mission._id);
    const competitor = ['Escolta Sul', 'Prestador Sul', DEMO_IDS.providerSul];
    // The risk manager's own timeline does name it: the documents are what leave the house.
    expect((await m.events(mission._id)).map((e) => e.serviceProviderName)).toContain('Escolta Sul');

    const holders = await textOf(await m.as.prestador.get(pdfUrl(mission._id, 'provider')));
    const handedToHolder = await textOf(await m.as.gestor.get(pdfUrl(mission._id, 'provider')));
    expect(handedToHolder).toBe(holders);
    const forClient = await textOf(await m.as.gestor.get(pdfUrl(mission._id, 'shipper')));
    const service = await textOf(await m.as.gestor.get(pdfUrl(mission._id, 'simple')));
    for (const [name, text] of Object.entries({ handedToHolder, forClient, service })) {
      expect(text, name).toContain('Proposta enviada — Pronta Resposta Demo');
      expect(text, name).toContain('Cadeia íntegra');
      for (const trace of competitor) expect(text, `${name} names '${trace}'`).not.toContain(trace);
    }
    expect(forClient).toContain('Propostas recebidas: 2');
    expect(service).toContain('Propostas recebidas: 2');
    // The holder does not learn how many competed.
    expect(handedToHolder).not.toContain('Propostas recebidas');
  });

  it('refuses a missing or malformed mission id and an unknown type with 400 in Portuguese', async () => {
    const id = await finishedMission();
    const cases: [string, string][] = [
      ['/api/reports/missionDetail/pdf?type=simple', REPORT_MISSION_REQUIRED],
      [pdfUrl('abc', 'simple'), REPORT_MISSION_REQUIRED],
      [pdfUrl(`${id.slice(0, 23)}%07`, 'simple'), REPORT_MISSION_REQUIRED],
      [pdfUrl(id.repeat(50), 'simple'), REPORT_MISSION_REQUIRED],
      [`/api/reports/missionDetail/pdf?missionRequestId=${id}&missionRequestId=${id}&type=simple`, REPORT_MISSION_REQUIRED],
      [pdfUrl(id, 'billing'), REPORT_KIND_INVALID],
      [`/api/reports/missionDetail/pdf?missionRequestId=${id}`, REPORT_KIND_INVALID],
      [`${pdfUrl(id, 'simple')}&type=shipper`, REPORT_KIND_INVALID],
      [pdfUrl(id, 'Atendimento%00'), REPORT_KIND_INVALID],
      ['/api/reports/missionDetail/verify', REPORT_MISSION_REQUIRED],
      [verifyUrl('5f00'), REPORT_MISSION_REQUIRED],
    ];
    for (const [url, message] of cases) {
      const r = await m.as.gestor.get(url);
      expect(r.statusCode, url).toBe(400);
      expect(r.json(), url).toEqual({ error: message });
    }
  });
});

describe('event hash chain', () => {
  it('verifies intact: every event chains to the previous one and the head is the last hash', async () => {
    const id = await finishedMission();
    const rows = await m.t.database.db.select().from(missionEvents).where(eq(missionEvents.mission, id)).orderBy(missionEvents.seq);
    const chain = await verify('gestor', id);
    expect(chain).toEqual({ missionRequestId: id, intact: true, events: rows.length, headHash: rows.at(-1)?.hash, brokenAt: null });
    expect(rows[0]?.prevHash).toBeNull();
    rows.slice(1).forEach((row, i) => expect(row.prevHash).toBe(rows[i]?.hash));
    // The holder's check covers the same chain, but counts only the events it sees: Escolta Sul's
    // rejected notice is not its business (competition.ts).
    expect(await verify('prestador', id)).toEqual({ ...chain, events: rows.length - 1 });
  });

  it('a tampered stored event breaks the chain at that event, and the PDF says so', async () => {
    const id = await finishedMission();
    const db = m.t.database.db;
    const rows = await db.select().from(missionEvents).where(eq(missionEvents.mission, id)).orderBy(missionEvents.seq);
    const victim = rows[1];
    if (!victim) throw new Error('no second event');
    // As the database owner could: the append-only trigger switched off for one update.
    await db.execute(sql`alter table mission_events disable trigger mission_events_append_only`);
    try {
      await db.execute(sql`update mission_events set actor_name = 'Outra pessoa' where id = ${victim.id}`);
    } finally {
      await db.execute(sql`alter table mission_events enable trigger mission_events_append_only`);
    }
    const chain = await verify('gestor', id);
    expect(chain.intact).toBe(false);
    expect(chain.brokenAt).toEqual({ eventId: victim.id, position: 1 });
    const text = await textOf(await m.as.gestor.get(pdfUrl(id, 'simple')));
    expect(text).toContain('Cadeia violada no evento 2');
    expect(text).not.toContain('Cadeia íntegra');
  });

  it('concurrent events of one mission keep one linear chain (routes and direct writers alike)', async () => {
    const mission = await m.create();
    const db = m.t.database.db;
    // Providers' notices and proposals at once: each writes an event under the mission's lock.
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        i % 2 === 0 ? m.as.sul.post(`${BASE}/proposals`, { missionRequest: mission._id, status: 'pending' }) : m.as.prestador.post(`${BASE}/proposals`, { missionRequest: mission._id, status: 'pending' }),
      ),
    );
    for (const answer of answers) expect([200, 201]).toContain(answer.statusCode);
    // A writer that takes no mission row lock: the chain's own lock still serialises it.
    const user = { id: '5f0000000000000000001002', name: 'Gestor Demo', email: 'gestor@demo.com.br', role: { type: 'risk_manager' } } as AuthUser;
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        db.transaction((tx) => recordEvent(tx, user, { mission: mission._id, action: 'reopened', from: null, to: null }, new Date(Date.now() + i))),
      ),
    );
    const rows = await db.select().from(missionEvents).where(eq(missionEvents.mission, mission._id)).orderBy(missionEvents.seq);
    expect(new Set(rows.map((r) => r.prevHash)).size).toBe(rows.length);
    rows.slice(1).forEach((row, i) => expect(row.prevHash).toBe(rows[i]?.hash));
    expect((await verify('gestor', mission._id)).intact).toBe(true);
  });

  it('events written before the chain are sealed once, in order; a sealed event stays append-only', async () => {
    const mission = await m.create();
    const db = m.t.database.db;
    for (const action of ['proposal_notice', 'proposal_completed']) {
      await db.execute(sql`insert into mission_events (id, mission_id, actor_name, role_type, action)
        values (${`5f00000000000000000e${action === 'proposal_notice' ? '0001' : '0002'}`}, ${mission._id}, 'Legado', 'service_provider', ${action})`);
    }
    expect((await verify('gestor', mission._id)).intact).toBe(false);
    expect(await sealEventChains(db)).toBe(1);
    const sealed = await verify('gestor', mission._id);
    expect(sealed).toMatchObject({ intact: true, events: 3 });
    // The next event chains to the sealed head.
    const proposal = await m.as.sul.post(`${BASE}/proposals`, { missionRequest: mission._id, status: 'pending' });
    expect(proposal.statusCode).toBe(201);
    const after = await verify('gestor', mission._id);
    expect(after).toMatchObject({ intact: true, events: 4 });
    const [last] = await db.select().from(missionEvents).where(eq(missionEvents.mission, mission._id)).orderBy(sql`seq desc`).limit(1);
    expect(last?.prevHash).toBe(sealed.headHash);
    await expect(db.execute(sql`update mission_events set hash = 'x' where mission_id = ${mission._id}`)).rejects.toThrow();
    await expect(db.execute(sql`update mission_events set actor_name = 'x', hash = null where mission_id = ${mission._id}`)).rejects.toThrow();
  });
});
