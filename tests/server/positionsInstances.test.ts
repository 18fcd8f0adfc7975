import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MissionTeams, TrackerDevice } from '../../src/domain/positions/contracts';
import { missions } from '../../server/db/schema';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { call, postgresAvailable, signIn, useTwoInstances } from './instances';
import type { SseStream } from './liveClient';

/**
 * A position received by one instance moves the map on another (docs/rules/positions.md, "Ao
 * vivo"): the stored position is announced through PostgreSQL, each instance's hub hands it to the
 * streams that may see the mission's teams, within 2 s; the losing provider's stream hears nothing.
 */
describe.skipIf(!postgresAvailable)('positions across two instances on one PostgreSQL', () => {
  const two = useTwoInstances();

  async function nextPosition(stream: SseStream, ms: number) {
    for (;;) {
      const frame = await stream.next(ms);
      if (frame.event === 'position') return frame;
    }
  }

  it('a position sent to B reaches the risk manager on A within 2 s, and A serves it on the map', async () => {
    const { a, b } = two;
    const [held] = await a.database.db
      .select({ id: missions.id })
      .from(missions)
      .where(and(eq(missions.serviceProvider, DEMO_IDS.provider), eq(missions.status, 'started')))
      .limit(1);
    expect(held).toBeDefined();
    const gestor = await signIn(a, 'gestor@demo.com.br');
    const prestador = await signIn(b, 'prestador@demo.com.br');
    const sul = await signIn(a, 'prestador2@demo.com.br');
    const phone = await call<TrackerDevice>(b, 'POST', '/api/positions/devices', prestador, { name: 'Celular da viatura 9' });
    expect(phone.status).toBe(201);
    const managerOnA = await two.streamAt(a, gestor);
    const competitorOnA = await two.streamAt(a, sul);

    const sent = Date.now();
    const stored = await fetch(`${b.base}/api/positions/osmand?id=${phone.json.identifier}&lat=-23.57&lon=-46.64`);
    expect(stored.status).toBe(200);
    const heard = await nextPosition(managerOnA, 2000);
    expect(heard.data).toEqual({ mission: held?.id });
    expect(heard.at - sent).toBeLessThan(2000);
    await expect(nextPosition(competitorOnA, 400)).rejects.toThrow(/no event/);

    const teams = await call<MissionTeams>(a, 'GET', `/api/positions/missions/${held?.id}`, gestor);
    expect(teams.status).toBe(200);
    expect(teams.json.teams.map((team) => [team._id, team.latest.latitude])).toEqual([[phone.json._id, -23.57]]);
  });
});
