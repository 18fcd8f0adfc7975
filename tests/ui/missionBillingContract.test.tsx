/**
 * The mission billing contract (docs/rules/billing.md): the data provider's typed methods of
 * src/dataProvider/billingApi.ts — the exact requests the billing screen sends, with an
 * Idempotency-Key on the writes — against the real server over the contract harness.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataProvider } from '../../src/dataProvider';
import { HttpError } from '../../src/dataProvider/HttpError';
import { BILLING_ALREADY_BILLED, BILLING_PLAN_NOT_OFFERED } from '../../src/domain/billing/refusals';
import { BILLING_TOLL_REQUIRED } from '../../src/domain/messages';
import { missions } from '../../server/db/schema';
import { CATALOGUE_IDS, fixedId } from '../../server/demo/seedCatalogues';
import { resourceEndpoints } from '../../src/resources';
import { createTestApp, type TestApp } from '../server/helpers';
import { insertMission } from '../server/missionFixtures';
import { signIn } from './contractHarness';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
}, 120_000);
afterAll(async () => server?.close());

const providerFor = async (email: string) =>
  createDataProvider({ httpClient: (await signIn(server.app, email)).httpClient, endpoints: resourceEndpoints });

async function failure(call: Promise<unknown>): Promise<[number, string]> {
  try {
    await call;
  } catch (error) {
    if (error instanceof HttpError) return [error.status, JSON.stringify(error.body)];
    throw error;
  }
  throw new Error('the call succeeded');
}

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 8, minutes)).toISOString();
const noOthers = { toll: 0, expenses: 0, additions: 0, discounts: 0 };

describe('mission billing through the data provider', () => {
  it('reads, recomputes, saves and bills both sides as the billing screen calls them', { timeout: 60_000 }, async () => {
    const db = server.database.db;
    const id = await insertMission(db, 'started');
    await db.update(missions).set({ franchisePlan: CATALOGUE_IDS.planAndrade, processNumber: 'CT-77' }).where(eq(missions.id, id));
    const gestor = await providerFor('gestor@demo.com.br');
    const prestador = await providerFor('prestador@demo.com.br');
    const norte = await providerFor('gestor.norte@demo.com.br');

    // The agent form's values as typed (comma decimals); then the holder ends the mission.
    const odometer = {
      start: { km: '1000', time: at(0) },
      arrivalOnPlace: { km: '1030', time: at(40) },
      endOnPlace: { km: '1090', time: at(210) },
      end: { km: '1130,5', time: at(250) },
    };
    await prestador.addMissionItem(id, 'securityagents', { name: 'Rui', odometer });
    await prestador.changeMissionStatus(id, { status: 'finished' });

    const billing = await gestor.missionBilling(id);
    expect(billing).toMatchObject({ missionStatus: 'finished', processNumberDisplay: 'CT-77', securityAgents: [{ name: 'Rui', totals: { kmText: '130,5' } }] });
    const shipper = billing.shipper;
    const provider = billing.serviceProvider;
    if (!shipper || !provider) throw new Error('both sides expected for the risk manager');
    expect(shipper).toMatchObject({ access: 'edit', franchise: CATALOGUE_IDS.planAndrade, franchiseStatus: 'priced' });
    expect(provider.access).toBe('view');
    expect((await prestador.missionBilling(id)).shipper).toBeNull();
    expect((await failure(norte.missionBilling(id)))[0]).toBe(404);

    // 130,5 km against 100 at R$ 2,50/km = R$ 76,25; 30 min at R$ 90/h = R$ 45.
    const values = { franchise: CATALOGUE_IDS.planAndrade, others: { ...noOthers, toll: 1000, discounts: 250 } };
    const calc = await gestor.billingCalculus(shipper._id, values);
    expect(calc).toMatchObject({ price: 45000, finalCost: 45000 + 7625 + 4500 + 1000 - 250 });
    expect(calc.table.map((row) => [row.label, row.usage, row.overage, row.cost])).toEqual([
      ['Hora', '03:30', '00:30', 4500],
      ['KM', '130,5', '30,5', 7625],
    ]);
    const [badStatus, badBody] = await failure(gestor.billingCalculus(shipper._id, { ...values, franchise: fixedId(0x41, 3) }));
    expect([badStatus, badBody.includes(BILLING_PLAN_NOT_OFFERED)]).toEqual([400, true]);

    const saved = await gestor.saveBilling(shipper._id, values, { idempotencyKey: 'contrato-fat-1' });
    expect(saved).toMatchObject({ franchiseStatus: 'priced', finalCost: calc.finalCost, others: values.others });
    const [missing, missingBody] = await failure(gestor.saveBilling(shipper._id, { franchise: CATALOGUE_IDS.planAndrade, others: { ...noOthers, toll: '' as unknown as number } }));
    expect([missing, missingBody.includes(BILLING_TOLL_REQUIRED)]).toEqual([400, true]);

    const billedShipper = await gestor.finalizeBilling(shipper._id, values, { idempotencyKey: 'contrato-fat-2' });
    expect(billedShipper).toMatchObject({ missionStatus: 'billed_shipper', side: { franchiseStatus: 'billed', access: 'view' } });
    // The same key again is the same answer, not a second billing.
    expect(await gestor.finalizeBilling(shipper._id, values, { idempotencyKey: 'contrato-fat-2' })).toEqual(billedShipper);
    const [again, againBody] = await failure(gestor.finalizeBilling(shipper._id, values));
    expect([again, againBody.includes(BILLING_ALREADY_BILLED)]).toEqual([409, true]);

    const billedProvider = await prestador.finalizeBilling(provider._id, { franchise: provider.franchise ?? '', others: noOthers });
    expect(billedProvider.missionStatus).toBe('billed');
    expect((await gestor.missionById(id)).status).toBe('billed');
    expect((await gestor.missionEvents(id)).map((e) => e.action).slice(-2)).toEqual(['billed_shipper', 'billed_provider']);
  });
});
