import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BillingCalculation, FinalizeAnswer, MissionBillingSide } from '../../src/domain/billing/api';
import { BILLING_ALREADY_BILLED, BILLING_MISSION_NOT_FINISHED, discountExceedsTotal } from '../../src/domain/billing/refusals';
import type { MissionDetail, MissionEvent } from '../../src/domain/missions';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { missionBillings, missions, missionVersions } from '../../server/db/schema';
import { CATALOGUE_IDS, fixedId } from '../../server/demo/seedCatalogues';
import { insertMission } from './missionFixtures';
import { BASE, useMissionsApp, type MissionsTest } from './missionsClient';
import {
  agentBody,
  billingOf,
  billingState,
  billingUrl,
  expectRefusal,
  finishedMission,
  others,
  statusChange,
} from './billingClient';

/**
 * Mission billing on the server (docs/rules/billing.md): the sides a finished mission gets, the flow to
 * 'billed' with its statuses and events, read-only after billing, the race of both sides, and the
 * sides priced again when a reopened mission is finished again.
 *
 * Figures of agentBody() (130 km, 08:00 → 11:30 on the place) by hand:
 * - shipper, 'Pronta resposta padrão' (R$ 450; 100 km, 03:00; R$ 2,50/km, R$ 90/h by fraction):
 *   30 km over = R$ 75, 30 min over = R$ 45 → R$ 570,00.
 * - provider, 'Pronta Resposta Demo — armada' (R$ 320; 120 km, 03:00; R$ 1,90/km, R$ 70/h, toll
 *   R$ 22,80 charged): 10 km over = R$ 19, 30 min over = R$ 35 → R$ 396,80.
 */

let m: MissionsTest;
useMissionsApp((ready) => {
  m = ready;
});

const PROVIDER_DEMO_PLAN = fixedId(0x41, 12);
const ESCOLTA_PLAN = fixedId(0x41, 2);

const sidesInDb = async (mission: string) =>
  m.t.database.db.select().from(missionBillings).where(eq(missionBillings.mission, mission)).orderBy(missionBillings.type);

const token = async () => {
  const [row] = await m.t.database.db.select().from(missionVersions).where(eq(missionVersions.riskManager, DEMO_IDS.riskManager));
  return row?.version;
};

describe('finishing a mission', () => {
  it('creates both sides in the same transaction, priced with their default plans over the agents', async () => {
    const mission = await finishedMission(m);
    const [provider, shipper] = await sidesInDb(mission);
    expect(shipper).toMatchObject({
      type: 'shipper',
      company: CATALOGUE_IDS.shipperAndrade,
      franchisePlan: CATALOGUE_IDS.planAndrade,
      status: 'priced',
      priceCents: 45000,
      distanceUsageMetres: 130_000,
      distanceOverageMetres: 30_000,
      distanceOverageCents: 7500,
      timeUsageMinutes: 210,
      timeLimitMinutes: 180,
      timeOverageCents: 4500,
      startDistanceMetres: 1_000_000,
      endDistanceMetres: 1_130_000,
      finalCostCents: 57000,
      billedAt: null,
    });
    expect(shipper?.windowStart?.toISOString()).toBe('2026-11-20T08:00:00.000Z');
    expect(shipper?.windowEnd?.toISOString()).toBe('2026-11-20T11:30:00.000Z');
    // The holder's own plan of the mission's service wins over the tenant's general ('Todos') one.
    expect(provider).toMatchObject({
      type: 'serviceProvider',
      company: DEMO_IDS.provider,
      franchisePlan: PROVIDER_DEMO_PLAN,
      status: 'priced',
      planTollCents: 2280,
      finalCostCents: 39680,
    });
  });

  it("gives a provider without its own plan of the service the tenant's general plan", async () => {
    const mission = await finishedMission(m, 'sul');
    const [provider] = await sidesInDb(mission);
    expect(provider).toMatchObject({ company: DEMO_IDS.providerSul, franchisePlan: CATALOGUE_IDS.planProvidersAll, status: 'priced' });
  });

  it('creates the sides of an older finished mission on its first read', async () => {
    const mission = await insertMission(m.t.database.db, 'finished');
    await m.t.database.db.update(missions).set({ franchisePlan: CATALOGUE_IDS.planAndrade }).where(eq(missions.id, mission));
    expect(await sidesInDb(mission)).toEqual([]);
    const billing = await billingOf(m.as.gestor, mission);
    expect(billing.shipper).toMatchObject({ franchise: CATALOGUE_IDS.planAndrade, franchiseStatus: 'priced', finalCost: 45000 });
    expect(billing.securityAgents).toEqual([]);
    expect(await sidesInDb(mission)).toHaveLength(2);
    // Reading again creates nothing more.
    await billingOf(m.as.prestador, mission);
    expect(await sidesInDb(mission)).toHaveLength(2);
  });

  it('has no billing before it is finished', async () => {
    const mission = await m.started();
    expectRefusal(await m.as.gestor.get(billingUrl.byMission(mission._id)), 409, BILLING_MISSION_NOT_FINISHED);
    expect(await sidesInDb(mission._id)).toEqual([]);
  });
});

describe('billing a mission', () => {
  it('finished → shipper billed by the risk manager → provider billed by the holder → billed', async () => {
    const mission = await finishedMission(m);
    const first = await billingOf(m.as.gestor, mission);
    expect(first).toMatchObject({
      missionId: mission,
      missionStatus: 'finished',
      processNumberDisplay: 'PR-001',
      shipperInfo: { _id: CATALOGUE_IDS.shipperAndrade, name: 'Andrade Alimentos' },
      serviceProviderInfo: { _id: DEMO_IDS.provider, name: 'Pronta Resposta Demo' },
      securityAgents: [{ name: 'Rui', totals: { kmText: '130', timeText: '04:10' } }],
    });
    expect(first.createdAtDisplay).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    const shipper = first.shipper as MissionBillingSide;
    expect(shipper).toMatchObject({ access: 'edit', franchiseStatus: 'priced', finalCost: 57000, billedAt: null, others: others() });
    expect(shipper.priceReferences.map((p) => p.franchiseName)).toEqual(['Escolta até o destino', 'Pronta resposta padrão']);
    expect(shipper.calculation?.table).toEqual([
      expect.objectContaining({ label: 'Hora', limit: '03:00', usage: '03:30', overage: '00:30', overagePrice: 9000, cost: 4500 }),
      expect.objectContaining({ label: 'KM', limit: '100', usage: '130', overage: '30', overagePrice: 250, cost: 7500 }),
    ]);
    // The risk manager sees the provider side read-only, priced with the provider's plans.
    expect(first.serviceProvider).toMatchObject({ access: 'view', franchise: PROVIDER_DEMO_PLAN, finalCost: 39680 });
    expect(first.serviceProvider?.priceReferences.map((p) => p.franchiseId).sort()).toEqual([CATALOGUE_IDS.planProvidersAll, PROVIDER_DEMO_PLAN].sort());

    // The live recomputation saves nothing.
    const before = await billingState(m, mission);
    const calc = await m.as.gestor.post(billingUrl.calculus(shipper._id), { franchise: ESCOLTA_PLAN, others: others({ toll: 1500, discounts: 2000 }) });
    expect(calc.statusCode).toBe(200);
    // 'Escolta até o destino': R$ 1.200 + toll R$ 45,90, within its 300 km and 06:00.
    expect(calc.json<BillingCalculation>()).toMatchObject({ price: 120000, planToll: 4590, finalCost: 120000 + 4590 + 1500 - 2000 });
    expect(await billingState(m, mission)).toEqual(before);

    const saved = await m.as.gestor.put(billingUrl.save(shipper._id), { franchise: CATALOGUE_IDS.planAndrade, others: others({ expenses: 3000, additions: 1000, discounts: 500 }) });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<MissionBillingSide>()).toMatchObject({ franchiseStatus: 'priced', finalCost: 60500, access: 'edit' });
    expect((await sidesInDb(mission))[1]).toMatchObject({ expensesCents: 3000, additionsCents: 1000, discountsCents: 500, finalCostCents: 60500 });

    const tokenBefore = await token();
    const billedShipper = await m.as.gestor.post(billingUrl.finalize(shipper._id), { franchise: CATALOGUE_IDS.planAndrade, others: others({ expenses: 3000 }) });
    expect(billedShipper.statusCode).toBe(200);
    const answer = billedShipper.json<FinalizeAnswer>();
    expect(answer.missionStatus).toBe('billed_shipper');
    expect(answer.side).toMatchObject({ franchiseStatus: 'billed', access: 'view', finalCost: 60000 });
    expect(answer.side.billedAt).toBe(m.t.clock.now.toISOString());
    // The monitoring total's token moved with the status, as with any status change.
    expect(await token()).not.toBe(tokenBefore);
    expect((await sidesInDb(mission))[1]).toMatchObject({ status: 'billed', billedBy: '5f0000000000000000001002', finalCostCents: 60000 });

    // The holder sees and bills only its own side; the shipper's billing is not its business (competition.ts).
    const holderView = await billingOf(m.as.prestador, mission);
    expect(holderView.shipper).toBeNull();
    expect(holderView).toMatchObject({ missionStatus: 'finished', serviceProvider: { access: 'edit' } });
    const providerSide = holderView.serviceProvider as MissionBillingSide;
    const billedProvider = await m.as.prestador.post(billingUrl.finalize(providerSide._id), { franchise: CATALOGUE_IDS.planProvidersAll, others: others({ toll: 800 }) });
    expect(billedProvider.statusCode).toBe(200);
    // 'Tabela geral de prestadores' (R$ 300; 100 km, 03:00; R$ 1,80/km, R$ 65/h): 30 km = R$ 54, 30 min = R$ 32,50.
    expect(billedProvider.json<FinalizeAnswer>()).toMatchObject({ missionStatus: 'billed', side: { finalCost: 30000 + 5400 + 3250 + 800 } });

    const detail = await m.as.gestor.get(`${BASE}/request/id/${mission}`);
    expect(detail.json<MissionDetail>().status).toBe('billed');
    const events = (await m.events(mission)).map((e: MissionEvent) => [e.action, e.fromStatus, e.toStatus, e.actor.name, e.serviceProviderName]);
    expect(events.slice(-2)).toEqual([
      ['billed_shipper', 'finished', 'billed_shipper', 'Gestor Demo', 'Pronta Resposta Demo'],
      ['billed_provider', 'billed_shipper', 'billed', 'Prestador Demo', 'Pronta Resposta Demo'],
    ]);
    const final = await billingOf(m.as.gestor, mission);
    expect(final).toMatchObject({ missionStatus: 'billed', shipper: { access: 'view', franchiseStatus: 'billed' }, serviceProvider: { access: 'view', franchiseStatus: 'billed' } });
  });

  it('keeps a billed side as billed: later writes are 409 and change nothing', async () => {
    const mission = await finishedMission(m);
    const { shipper } = await billingOf(m.as.gestor, mission);
    const id = shipper?._id ?? '';
    const body = { franchise: CATALOGUE_IDS.planAndrade, others: others({ toll: 100 }) };
    expect((await m.as.gestor.post(billingUrl.finalize(id), body)).statusCode).toBe(200);
    const before = await billingState(m, mission);
    m.t.clock.advance(60_000);
    expectRefusal(await m.as.gestor.put(billingUrl.save(id), { ...body, others: others({ toll: 999 }) }), 409, BILLING_ALREADY_BILLED);
    expectRefusal(await m.as.gestor.post(billingUrl.finalize(id), body), 409, BILLING_ALREADY_BILLED);
    expectRefusal(await m.as.operador.put(billingUrl.save(id), { ...body, franchise: ESCOLTA_PLAN }), 409, BILLING_ALREADY_BILLED);
    expect(await billingState(m, mission)).toEqual(before);
    // A billed mission is not reopened either (the workflow's rule), so its odometers stay.
    expect((await m.as.gestor.put(`${BASE}/request/${mission}/status`, { missionRequest: mission, status: 'started' })).statusCode).toBe(409);
    // The recomputation still answers (nothing is saved).
    expect((await m.as.gestor.post(billingUrl.calculus(id), body)).statusCode).toBe(200);
    expect(await billingState(m, mission)).toEqual(before);
  });

  it('a discount larger than the total is refused with the reason, saved or billed; one equal to it leaves R$ 0,00', async () => {
    const mission = await finishedMission(m);
    const { shipper } = await billingOf(m.as.gestor, mission);
    const id = shipper?._id ?? '';
    // 'Pronta resposta padrão' over agentBody(): R$ 570,00 before the discount (figures above).
    const tooMuch = { franchise: CATALOGUE_IDS.planAndrade, others: others({ discounts: 57_001 }) };
    const before = await billingState(m, mission);
    for (const response of [await m.as.gestor.put(billingUrl.save(id), tooMuch), await m.as.gestor.post(billingUrl.finalize(id), tooMuch)]) {
      expectRefusal(response, 400, discountExceedsTotal(57_001, 57_000));
      expect(response.json<{ errors: { path: string }[] }>().errors.map((e) => e.path)).toEqual(['others.discounts']);
    }
    expect(await billingState(m, mission)).toEqual(before);
    // The live recomputation still answers, so the screen can show why before anything is sent.
    expect((await m.as.gestor.post(billingUrl.calculus(id), tooMuch)).json<BillingCalculation>()).toMatchObject({ others: { discounts: 57_001 }, finalCost: 0 });
    const whole = await m.as.gestor.put(billingUrl.save(id), { ...tooMuch, others: others({ discounts: 57_000 }) });
    expect(whole.statusCode).toBe(200);
    expect(whole.json<MissionBillingSide>()).toMatchObject({ finalCost: 0, others: { discounts: 57_000 } });
  });

  it('both sides finalised at once end in billed, each with its event', async () => {
    for (let round = 0; round < 3; round++) {
      const mission = await finishedMission(m);
      const { shipper } = await billingOf(m.as.gestor, mission);
      const { serviceProvider } = await billingOf(m.as.prestador, mission);
      const [a, b] = await Promise.all([
        m.as.gestor.post(billingUrl.finalize(shipper?._id ?? ''), { franchise: CATALOGUE_IDS.planAndrade, others: others() }),
        m.as.prestador.post(billingUrl.finalize(serviceProvider?._id ?? ''), { franchise: PROVIDER_DEMO_PLAN, others: others() }),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      const statuses = [a.json<FinalizeAnswer>().missionStatus, b.json<FinalizeAnswer>().missionStatus].sort();
      expect(statuses).toContain('billed');
      expect((await billingState(m, mission)).status).toBe('billed');
      const billing = (await m.events(mission)).filter((e) => e.action.startsWith('billed_'));
      expect(billing).toHaveLength(2);
      expect(billing[0]?.fromStatus).toBe('finished');
      expect(billing[1]?.fromStatus).toBe(billing[0]?.toStatus);
      expect(billing[1]?.toStatus).toBe('billed');
      expect((await sidesInDb(mission)).map((s) => s.status)).toEqual(['billed', 'billed']);
    }
  });
});

describe('reopening a finished mission', () => {
  it('prices the open sides again over the new odometers when it is finished again, keeping their plan and others', async () => {
    const mission = await finishedMission(m);
    const { shipper } = await billingOf(m.as.gestor, mission);
    await m.as.gestor.put(billingUrl.save(shipper?._id ?? ''), { franchise: CATALOGUE_IDS.planAndrade, others: others({ toll: 1000 }) });
    expect((await sidesInDb(mission))[1]?.finalCostCents).toBe(58000);

    await statusChange(m.as.gestor, mission, 'started');
    // While reopened there is no billing to read or write.
    expectRefusal(await m.as.gestor.get(billingUrl.byMission(mission)), 409, BILLING_MISSION_NOT_FINISHED);
    expectRefusal(await m.as.gestor.post(billingUrl.finalize(shipper?._id ?? ''), { franchise: CATALOGUE_IDS.planAndrade, others: others() }), 409, BILLING_MISSION_NOT_FINISHED);
    const details = await m.as.prestador.get(`${BASE}/request/id/${mission}/details`);
    const createdAt = details.json<{ securityAgentsDisplay: { createdAt: string }[] }>().securityAgentsDisplay[0]?.createdAt;
    const edited = await m.as.prestador.put(`${BASE}/${mission}/securityagents`, { ...agentBody('Rui', '1150'), createdAt });
    expect(edited.statusCode).toBe(200);
    expect((await m.as.prestador.post(`${BASE}/${mission}/securityagents`, agentBody('Ana', '1100'))).statusCode).toBe(201);
    await statusChange(m.as.prestador, mission, 'finished');

    const [provider, again] = await sidesInDb(mission);
    // Two agents: 150 + 100 km; the same 08:00 → 11:30 window. Shipper: 150 km over = R$ 375.
    expect(again).toMatchObject({ franchisePlan: CATALOGUE_IDS.planAndrade, tollCents: 1000, distanceUsageMetres: 250_000, startDistanceMetres: null, finalCostCents: 45000 + 37500 + 4500 + 1000 });
    // Provider: 130 km over its 120 at R$ 1,90 = R$ 247.
    expect(provider).toMatchObject({ franchisePlan: PROVIDER_DEMO_PLAN, finalCostCents: 32000 + 24700 + 3500 + 2280 });
    const billing = await billingOf(m.as.gestor, mission);
    expect(billing.securityAgents.map((a) => a.totals.kmText)).toEqual(['150', '100']);
    expect(billing.shipper?.calculation?.finalCost).toBe(again?.finalCostCents);
  });
});
