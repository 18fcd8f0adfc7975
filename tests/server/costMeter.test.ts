/**
 * GET /api/v1/billing/mission/:id/meter (ours): a running mission's cost so far and projected, on
 * the caller's own side, priced by the billing calculus — at the finish the meter equals the bill.
 */
import { describe, expect, it } from 'vitest';
import type { CostMeter } from '../../src/domain/billing/meter';
import type { MissionBilling } from '../../src/domain/billing/api';
import { createDataProvider } from '../../src/dataProvider';
import { createHttpClient } from '../../src/dataProvider/httpClient';
import { resourceEndpoints } from '../../src/resources';
import { login } from './helpers';
import { BASE, MISSION_ACCOUNTS, useMissionsApp, type MissionsTest } from './missionsClient';

let m: MissionsTest;
useMissionsApp((ready) => (m = ready));

const meterUrl = (id: string) => `/api/v1/billing/mission/${id}/meter`;
const at = (hhmm: string) => `2026-11-20T${hhmm}:00.000Z`;
const reading = (km: number, hhmm: string) => ({ km, time: at(hhmm) });
/** One agent: on the road at 08:00, on place 08:40, leaving it at 11:30, back at 12:30, 180 km in all. */
const agent = {
  name: 'Carlos',
  odometer: { start: reading(1000, '08:00'), arrivalOnPlace: reading(1030, '08:40'), endOnPlace: reading(1100, '11:30'), end: reading(1180, '12:30') },
};

async function meterOf(who: 'gestor' | 'prestador', id: string): Promise<CostMeter> {
  const response = await m.as[who].get(meterUrl(id));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CostMeter>();
}

/**
 * A started mission with the agent's readings, registered at 12:30 (a reading ahead of the server's
 * clock is refused); each test then reads the meter at the clock it sets.
 */
async function runningWithAgent(): Promise<string> {
  const mission = await m.started('prestador');
  m.t.clock.now = new Date(at('12:30'));
  expect((await m.as.prestador.post(`${BASE}/${mission._id}/securityagents`, agent)).statusCode).toBe(201);
  return mission._id;
}

describe('cost meter', () => {
  it('prices the readings taken so far with the clock, and every registered reading as the projection, each side with its own plan', async () => {
    const id = await runningWithAgent();
    m.t.clock.now = new Date(at('10:00'));
    // Shipper plan 'Pronta resposta padrão': R$ 450,00 for 100 km (start → end) and 03:00
    // (start → leaving the place); R$ 90,00 an hour (fractioned), R$ 2,50 a km over.
    const shipper = await meterOf('gestor', id);
    expect(shipper).toMatchObject({ mission: id, side: 'shipper', at: at('10:00'), planName: 'Pronta resposta padrão' });
    expect(shipper.agents).toEqual([{ odometer: agent.odometer }]);
    // 10:00: on place since 08:40 (1030 km); the clock runs on for the points still ahead.
    expect(shipper.reading?.soFar).toEqual({
      usageMinutes: 120, limitMinutes: 180, overageMinutes: 0, usageMetres: 30_000, limitMetres: 100_000, overageMetres: 0, overageCents: 0, totalCents: 45000,
    });
    // Registered: 210 min (30 over: R$ 45,00) and 180 km (80 over: R$ 200,00).
    expect(shipper.reading?.projected).toEqual({
      usageMinutes: 210, limitMinutes: 180, overageMinutes: 30, usageMetres: 180_000, limitMetres: 100_000, overageMetres: 80_000, overageCents: 24500, totalCents: 69500,
    });

    m.t.clock.advance(105 * 60_000); // 11:45: left the place at 11:30 (1100 km), not back yet
    const later = await meterOf('gestor', id);
    expect(later.reading?.soFar).toMatchObject({ usageMinutes: 210, overageMinutes: 30, usageMetres: 100_000, overageMetres: 0, overageCents: 4500, totalCents: 49500 });

    // The holder's own plan 'Pronta Resposta Demo — armada': R$ 320,00, 120 km, 03:00, R$ 70,00 an hour,
    // R$ 1,90 a km, toll R$ 22,80 charged: 32000 + 3500 + 60 × 190 + 2280.
    const provider = await meterOf('prestador', id);
    expect(provider).toMatchObject({ side: 'serviceProvider', planName: 'Pronta Resposta Demo — armada' });
    expect(provider.reading?.projected.totalCents).toBe(32000 + 3500 + 11400 + 2280);
    expect(provider.reading?.soFar.totalCents).toBe(32000 + 3500 + 2280);
  });

  it('at the finish the meter equals what billing prices, on both sides', async () => {
    const id = await runningWithAgent();
    m.t.clock.now = new Date(at('13:00'));
    const before = { shipper: await meterOf('gestor', id), provider: await meterOf('prestador', id) };
    expect(before.shipper.reading?.soFar).toEqual(before.shipper.reading?.projected);
    const finished = await m.as.prestador.put(`${BASE}/request/${id}/status`, { missionRequest: id, status: 'finished' });
    expect(finished.statusCode, finished.body).toBe(200);
    const billing = (await m.as.gestor.get(`/api/v1/billing/mission/id/${id}`)).json<MissionBilling>();
    expect(billing.shipper?.calculation?.finalCost).toBe(before.shipper.reading?.projected.totalCents);
    expect(billing.serviceProvider?.calculation?.finalCost).toBe(before.provider.reading?.projected.totalCents);
    expect(billing.shipper?.calculation?.finalCost).toBe(69500);
    // A finished mission has a bill, no meter.
    expect((await m.as.gestor.get(meterUrl(id))).statusCode).toBe(409);
  });

  it('each side its own only: a losing provider, a non-bidder, another tenant get 404; the platform admin 403', async () => {
    const id = await runningWithAgent();
    for (const who of ['sul', 'norte'] as const) {
      const response = await m.as[who].get(meterUrl(id));
      expect(response.statusCode, who).toBe(404);
    }
    const admin = await m.as.admin.get(meterUrl(id));
    expect(admin.statusCode).toBe(403);
    expect(admin.json<{ error: string }>().error).toMatch(/gerenciadora e a prestadora/);
    expect((await m.as.ti.get(meterUrl(id))).statusCode).toBe(403);
    // The shipper side never reaches the holder, nor the holder's plan the risk manager.
    expect(JSON.stringify(await meterOf('prestador', id))).not.toContain('Pronta resposta padrão');
    expect(JSON.stringify(await meterOf('gestor', id))).not.toContain('armada');
    // A provider that never bid on an open mission does not see it either.
    const open = await m.create();
    expect((await m.as.sul.get(meterUrl(open._id))).statusCode).toBe(404);
  });

  it('bad ids: 400 in Portuguese, an unknown one 404; an open mission: 409', async () => {
    for (const id of ['abc', encodeURIComponent('\u0000'), encodeURIComponent('ç'.repeat(20))]) {
      const response = await m.as.gestor.get(meterUrl(id));
      expect(response.statusCode, id).toBe(400);
      const [issue] = response.json<{ errors: { path: string; message: string }[] }>().errors;
      expect(issue?.path).toBe('id');
      expect(issue?.message).toMatch(/inválid|Formato/);
    }
    expect((await m.as.gestor.get(meterUrl('0'.repeat(24)))).statusCode).toBe(404);
    const open = await m.create();
    const refused = await m.as.gestor.get(meterUrl(open._id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'O custo em andamento só pode ser visto numa missão em andamento.' });
  });

  it('reaches the screen through the data provider', async () => {
    const id = await runningWithAgent();
    const token = await login(m.t.app, MISSION_ACCOUNTS.gestor);
    const httpClient = createHttpClient({
      fetch: async (input, init = {}) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
        const response = await m.t.app.inject({ method: 'GET', url, headers: Object.fromEntries(new Headers(init.headers).entries()) });
        return new Response(response.body, { status: response.statusCode, headers: { 'content-type': String(response.headers['content-type'] ?? '') } });
      },
      getToken: () => token,
      sleep: () => Promise.resolve(),
    });
    const dp = createDataProvider({ httpClient, endpoints: resourceEndpoints });
    const meter = await dp.costMeter(id);
    expect(meter.plan?.price).toBe(45000);
    await expect(dp.costMeter('0'.repeat(24))).rejects.toMatchObject({ status: 404 });
  });
});
