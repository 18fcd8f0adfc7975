import { describe, expect, it } from 'vitest';
import type { MissionBilling, PriceReference } from '../../src/domain/billing/api';
import { BILLING_PLAN_NOT_OFFERED, BILLING_TOTAL_TOO_LARGE } from '../../src/domain/billing/refusals';
import { BILLING_FRANCHISE_REQUIRED, BILLING_TOLL_REQUIRED, CONTROL_CHARACTERS_NOT_ALLOWED, INVALID_TYPE, minValue } from '../../src/domain/messages';
import { MAX_INT } from '../../src/domain/schemas/fields';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { CATALOGUE_IDS, fixedId } from '../../server/demo/seedCatalogues';
import { login } from './helpers';
import { MISSION_ACCOUNTS, useMissionsApp, type MissionAccount, type MissionsTest } from './missionsClient';
import { BILLING, billingOf, billingState, billingUrl, expectRefusal, finishedMission, others } from './billingClient';

/**
 * Who may do what with a mission's billing (billing/access.ts) across roles and tenants, the price
 * tables' tenancy, and bad input: every refusal is Portuguese and changes nothing.
 */

let m: MissionsTest;
useMissionsApp((ready) => {
  m = ready;
});

const PROVIDER_DEMO_PLAN = fixedId(0x41, 12);
const SUL_ESCOLTA_PLAN = fixedId(0x41, 13);
const VALE_PLAN = fixedId(0x41, 3);
const NORTE_PLAN = fixedId(0x41, 4);

/** A finished mission held by the demo provider and its two side ids. */
async function billedSides() {
  const mission = await finishedMission(m);
  const view = await billingOf(m.as.gestor, mission);
  return { mission, shipper: view.shipper?._id ?? '', provider: view.serviceProvider?._id ?? '' };
}

const shipperBody = { franchise: CATALOGUE_IDS.planAndrade, others: others({ toll: 100 }) };
const providerBody = { franchise: PROVIDER_DEMO_PLAN, others: others({ toll: 100 }) };

describe('roles × tenants', () => {
  it('reading: each caller sees the sides billingAccess gives it; outsiders get 404, tech 403', async () => {
    const { mission } = await billedSides();
    const view = async (who: MissionAccount) => {
      const r = await m.as[who].get(billingUrl.byMission(mission));
      if (r.statusCode !== 200) return r.statusCode;
      const b = r.json<MissionBilling>();
      return [b.shipper?.access ?? null, b.serviceProvider?.access ?? null];
    };
    expect(await view('gestor')).toEqual(['edit', 'view']);
    expect(await view('operador')).toEqual(['edit', 'view']);
    expect(await view('prestador')).toEqual([null, 'edit']);
    expect(await view('admin')).toEqual(['view', 'view']);
    // Escolta Sul proposed and lost: it sees the mission row, never its billing.
    expect(await view('sul')).toBe(404);
    expect(await view('norte')).toBe(404);
    expect(await view('ti')).toBe(403);
  });

  it('writing: the risk manager bills the shipper, the holder its own side, nobody else anything', async () => {
    const { mission, shipper, provider } = await billedSides();
    const before = await billingState(m, mission);
    const cases: Array<[MissionAccount, string, object, number]> = [
      // The other tenant, the other provider, the holder asking the shipper side: it does not exist for them.
      ['norte', shipper, shipperBody, 404],
      ['norte', provider, providerBody, 404],
      ['sul', provider, providerBody, 404],
      ['sul', shipper, shipperBody, 404],
      ['prestador', shipper, shipperBody, 404],
      // The risk manager views the provider side; admins view both; tech has no missions area.
      ['gestor', provider, providerBody, 403],
      ['admin', shipper, shipperBody, 403],
      ['admin', provider, providerBody, 403],
      ['ti', shipper, shipperBody, 403],
    ];
    for (const [who, side, body, status] of cases) {
      expectRefusal(await m.as[who].put(billingUrl.save(side), body), status);
      expectRefusal(await m.as[who].post(billingUrl.finalize(side), body), status);
    }
    // The recomputation answers whoever may see the side.
    for (const [who, side, body, status] of [
      ['admin', shipper, shipperBody, 200],
      ['gestor', provider, providerBody, 200],
      ['prestador', shipper, shipperBody, 404],
      ['sul', provider, providerBody, 404],
      ['norte', shipper, shipperBody, 404],
      ['ti', provider, providerBody, 403],
    ] as const) {
      expect((await m.as[who].post(billingUrl.calculus(side), body)).statusCode, `${who} calculus`).toBe(status);
    }
    expect(await billingState(m, mission)).toEqual(before);
    // What they may do, they can.
    expect((await m.as.operador.put(billingUrl.save(shipper), shipperBody)).statusCode).toBe(200);
    expect((await m.as.prestador.put(billingUrl.save(provider), providerBody)).statusCode).toBe(200);
  });

  it('an unknown side is 404', async () => {
    expectRefusal(await m.as.gestor.put(billingUrl.save('5f00000000000000000000aa'), shipperBody), 404);
    expectRefusal(await m.as.gestor.post(billingUrl.calculus('5f00000000000000000000aa'), shipperBody), 404);
    expectRefusal(await m.as.gestor.get(billingUrl.byMission('5f00000000000000000000aa')), 404);
  });
});

describe('price tables', () => {
  const ids = (refs: PriceReference[]) => refs.map((r) => r.franchiseId).sort();
  const tables = async (who: MissionAccount, path: string) => {
    const r = await m.as[who].get(`${BILLING}/priceTables/${path}`);
    return r.statusCode === 200 ? ids(r.json<PriceReference[]>()) : r.statusCode;
  };

  it("by risk manager: the tenant's provider plans; a provider only its own and the general ones", async () => {
    const demo = `riskManager/${DEMO_IDS.riskManager}`;
    expect(await tables('gestor', demo)).toEqual([CATALOGUE_IDS.planProvidersAll, PROVIDER_DEMO_PLAN, SUL_ESCOLTA_PLAN].sort());
    expect(await tables('admin', demo)).toEqual([CATALOGUE_IDS.planProvidersAll, PROVIDER_DEMO_PLAN, SUL_ESCOLTA_PLAN].sort());
    expect(await tables('prestador', demo)).toEqual([CATALOGUE_IDS.planProvidersAll, PROVIDER_DEMO_PLAN].sort());
    expect(await tables('sul', demo)).toEqual([CATALOGUE_IDS.planProvidersAll, SUL_ESCOLTA_PLAN].sort());
    expect(await tables('norte', demo)).toBe(404);
    expect(await tables('norte', `riskManager/${DEMO_IDS.riskManagerNorte}`)).toEqual([]);
    expect(await tables('admin', 'riskManager/5f00000000000000000000aa')).toBe(404);
    expect(await tables('ti', demo)).toBe(403);
    const listed = (await m.as.gestor.get(`${BILLING}/priceTables/${demo}`)).json<PriceReference[]>();
    expect(listed.map((r) => r.franchiseName)).toEqual(['Escolta Sul — escolta', 'Pronta Resposta Demo — armada', 'Tabela geral de prestadores']);
    expect(listed[1]).toEqual({
      franchiseId: PROVIDER_DEMO_PLAN,
      franchiseName: 'Pronta Resposta Demo — armada',
      limitCalcType: 'start_end',
      hourIntervalCalcType: 'start_endOnPlace',
      price: 32000,
    });
  });

  it("by shipper: that shipper's plans, for its tenant only; never for providers", async () => {
    const andrade = `shipper/${CATALOGUE_IDS.shipperAndrade}`;
    expect(await tables('gestor', andrade)).toEqual([CATALOGUE_IDS.planAndrade, fixedId(0x41, 2)].sort());
    expect(await tables('admin', andrade)).toEqual([CATALOGUE_IDS.planAndrade, fixedId(0x41, 2)].sort());
    expect(await tables('gestor', `shipper/${CATALOGUE_IDS.shipperVale}`)).toEqual([VALE_PLAN]);
    expect(await tables('norte', andrade)).toBe(404);
    expect(await tables('prestador', andrade)).toBe(403);
    expect(await tables('ti', andrade)).toBe(403);
  });
});

describe('bad input', () => {
  it('wrong types, control characters, over-long text, negative or huge money, foreign plans: 400 in Portuguese, nothing changed', async () => {
    const { mission, shipper, provider } = await billedSides();
    const before = await billingState(m, mission);
    const token = await login(m.t.app, MISSION_ACCOUNTS.gestor);
    const bodies: Array<[unknown, string | undefined]> = [
      [{ ...shipperBody, franchise: 42 }, INVALID_TYPE],
      [{ ...shipperBody, franchise: 'x' }, BILLING_FRANCHISE_REQUIRED],
      [{ ...shipperBody, franchise: `${CATALOGUE_IDS.planAndrade}\u0000` }, CONTROL_CHARACTERS_NOT_ALLOWED],
      [{ ...shipperBody, franchise: 'a'.repeat(10_000) }, BILLING_FRANCHISE_REQUIRED],
      [{ ...shipperBody, others: others({ toll: -1 }) }, minValue(0)],
      [{ ...shipperBody, others: { ...others(), toll: '12' } }, INVALID_TYPE],
      [{ ...shipperBody, others: { ...others(), toll: null } }, undefined],
      [{ franchise: CATALOGUE_IDS.planAndrade, others: { expenses: 0, additions: 0, discounts: 0 } }, BILLING_TOLL_REQUIRED],
      [{ ...shipperBody, others: others({ expenses: 1.5 }) }, undefined],
      [{ ...shipperBody, others: [] }, INVALID_TYPE],
      [[], undefined],
      ['texto', undefined],
      // Plans the side does not offer: another shipper's, another tenant's, a provider plan.
      [{ ...shipperBody, franchise: VALE_PLAN }, BILLING_PLAN_NOT_OFFERED],
      [{ ...shipperBody, franchise: NORTE_PLAN }, BILLING_PLAN_NOT_OFFERED],
      [{ ...shipperBody, franchise: PROVIDER_DEMO_PLAN }, BILLING_PLAN_NOT_OFFERED],
      // Each amount fits, their sum does not.
      [{ ...shipperBody, others: others({ toll: MAX_INT, expenses: MAX_INT }) }, BILLING_TOTAL_TOO_LARGE],
    ];
    for (const [body, message] of bodies) {
      for (const [method, url] of [
        ['PUT', billingUrl.save(shipper)],
        ['POST', billingUrl.finalize(shipper)],
        ['POST', billingUrl.calculus(shipper)],
      ] as const) {
        const response = await m.t.app.inject({
          method,
          url,
          headers: { 'x-access-token': token, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        expect(response.statusCode, `${method} ${url} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
        expectRefusal(response, 400, message);
      }
    }
    // A shipper plan is not a provider side's reference either.
    expectRefusal(await m.as.prestador.put(billingUrl.save(provider), { ...providerBody, franchise: CATALOGUE_IDS.planAndrade }), 400, BILLING_PLAN_NOT_OFFERED);
    expectRefusal(await m.as.prestador.put(billingUrl.save(provider), { ...providerBody, franchise: SUL_ESCOLTA_PLAN }), 400, BILLING_PLAN_NOT_OFFERED);
    // Malformed ids in the path.
    expectRefusal(await m.as.gestor.put(billingUrl.save('zzz'), shipperBody), 400);
    expectRefusal(await m.as.gestor.get(billingUrl.byMission(`${mission}%00`)), 400);
    expectRefusal(await m.as.gestor.get(`${BILLING}/priceTables/shipper/${'a'.repeat(30)}`), 400);
    // A path parameter past the router's limit is refused before any route, as everywhere.
    expectRefusal(await m.as.gestor.get(`${BILLING}/priceTables/shipper/${'a'.repeat(300)}`), 414);
    expect(await billingState(m, mission)).toEqual(before);
  });
});
