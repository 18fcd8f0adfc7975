import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ValidationIssue } from '../../src/domain/apiErrors';
import type { MissionDetailsResponse } from '../../src/domain/missionDetails';
import { finishNeedsReadings, type MissionDetail } from '../../src/domain/missions';
import { agentKmRequired, agentTimeRequired } from '../../src/domain/schemas/missionDetails';
import { missionBillings, missions } from '../../server/db/schema';
import type { CostMeter } from '../../src/domain/billing/meter';
import { useCatalogueApp, type Client } from './catalogueClient';
import type { TestApp } from './helpers';
import { insertMission } from './missionFixtures';

/** An agent's readings saved one point at a time as the mission goes (docs/rules/field-app.md), and the finish that needs all four. */

let t: TestApp;
let as: Awaited<Parameters<Parameters<typeof useCatalogueApp>[0]>[1]>;
useCatalogueApp((app, clients) => {
  t = app;
  as = clients;
});

const ago = (minutes: number) => new Date(t.clock.now.getTime() - minutes * 60_000).toISOString();
const details = async (client: Client, id: string) => (await client.get(`/api/missions/request/id/${id}/details`)).json<MissionDetailsResponse>();
const issues = (body: string) => (JSON.parse(body) as { errors: ValidationIssue[] }).errors;
const finish = (id: string) => as.prestador.put(`/api/missions/request/${id}/status`, { missionRequest: id, status: 'finished' });
const statusOf = async (id: string) => (await t.database.db.select({ status: missions.status }).from(missions).where(eq(missions.id, id)))[0]?.status;

describe('agent readings one point at a time', () => {
  it('the start alone is saved, then each next point; finishing or asking to finish waits for all four, then bills', async () => {
    const id = await insertMission(t.database.db, 'started');
    const start = { km: 100, time: ago(240) };
    // The form sends the points not read yet with both fields blank; the API also takes null or nothing.
    const added = await as.prestador.post(`/api/missions/${id}/securityagents`, {
      name: 'Carlos',
      odometer: { start, arrivalOnPlace: { km: '', time: '' }, endOnPlace: null },
    });
    expect(added.statusCode).toBe(201);
    const [stored] = (await details(as.gestor, id)).securityAgentsDisplay;
    expect(stored?.odometer).toEqual({ start, arrivalOnPlace: null, endOnPlace: null, end: null });
    expect(stored?.totals).toMatchObject({ kmText: '0', timeText: '00:00' });
    // The cost meter runs on the start alone: the points not read yet count as read now.
    const meter = await as.prestador.get(`/api/v1/billing/mission/${id}/meter`);
    expect(meter.statusCode).toBe(200);
    expect(meter.json<CostMeter>().reading?.soFar).toMatchObject({ usageMinutes: 240, usageMetres: 0 });

    for (const refused of [await finish(id), await as.prestador.post(`/api/missions/${id}/askfinish`, {})]) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: finishNeedsReadings('Carlos') });
    }
    expect(await statusOf(id)).toBe('started');

    const arrival = { km: 130, time: ago(200) };
    const second = await as.prestador.put(`/api/missions/${id}/securityagents`, { name: 'Carlos', odometer: { start, arrivalOnPlace: arrival }, createdAt: stored?.createdAt });
    expect(second.statusCode).toBe(200);
    const [afterArrival] = (await details(as.gestor, id)).securityAgentsDisplay;
    expect(afterArrival?.odometer).toEqual({ start, arrivalOnPlace: arrival, endOnPlace: null, end: null });
    // The totals so far: start to the latest reading.
    expect(afterArrival?.totals).toMatchObject({ kmText: '30', timeText: '00:40' });
    expect((await finish(id)).statusCode).toBe(409);

    const full = { start, arrivalOnPlace: arrival, endOnPlace: { km: 140, time: ago(60) }, end: { km: 160, time: ago(10) } };
    expect((await as.prestador.put(`/api/missions/${id}/securityagents`, { name: 'Carlos', odometer: full, createdAt: stored?.createdAt })).statusCode).toBe(200);
    const finished = await finish(id);
    expect(finished.statusCode).toBe(200);
    expect(finished.json<MissionDetail>().status).toBe('finished');
    const sides = await t.database.db.select({ status: missionBillings.status, metres: missionBillings.distanceUsageMetres }).from(missionBillings).where(eq(missionBillings.mission, id));
    expect(sides.length).toBeGreaterThan(0);
    for (const side of sides) expect(side).toEqual({ status: 'priced', metres: 60_000 });
  });

  it('a point read while an earlier one is not, or half a point, is 400 in Portuguese and nothing is saved', async () => {
    const id = await insertMission(t.database.db, 'started');
    const start = { km: 100, time: ago(240) };
    const gap = await as.prestador.post(`/api/missions/${id}/securityagents`, { name: 'Ana', odometer: { start, end: { km: 150, time: ago(10) } } });
    expect(gap.statusCode).toBe(400);
    expect(issues(gap.body).map((i) => [i.path, i.message])).toEqual([
      ['odometer.arrivalOnPlace.km', agentKmRequired('arrivalOnPlace')],
      ['odometer.arrivalOnPlace.time', agentTimeRequired('arrivalOnPlace')],
      ['odometer.endOnPlace.km', agentKmRequired('endOnPlace')],
      ['odometer.endOnPlace.time', agentTimeRequired('endOnPlace')],
    ]);
    const half = await as.prestador.post(`/api/missions/${id}/securityagents`, { name: 'Ana', odometer: { start, arrivalOnPlace: { km: 120, time: '' } } });
    expect(half.statusCode).toBe(400);
    expect(issues(half.body).map((i) => [i.path, i.message])).toEqual([['odometer.arrivalOnPlace.time', agentTimeRequired('arrivalOnPlace')]]);
    const noStart = await as.prestador.post(`/api/missions/${id}/securityagents`, { name: 'Ana', odometer: { start: { km: '', time: '' } } });
    expect(noStart.statusCode).toBe(400);
    expect(issues(noStart.body).map((i) => i.message)).toContain(agentKmRequired('start'));
    expect((await details(as.gestor, id)).securityAgentsDisplay).toEqual([]);
  });

  it('a mission without agents finishes as before', async () => {
    const id = await insertMission(t.database.db, 'started');
    expect((await finish(id)).statusCode).toBe(200);
  });
});
