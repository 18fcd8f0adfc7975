import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveTicket } from '../../src/domain/live/contracts';
import type { MissionDetail, MonitoringPage, Proposal } from '../../src/domain/missions';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { call, postgresAvailable, signIn, startInstances, type Instance } from './instances';
import { missionBody, proposalBody } from './missionsClient';
import { openStream, type SseStream } from './liveClient';

/**
 * Two server instances on one PostgreSQL (instances.ts): what one instance writes, the other's
 * stream announces.
 */
async function streamAt(instance: Instance, ticketFrom: Instance, token: string): Promise<SseStream> {
  const { json } = await call<LiveTicket>(ticketFrom, 'POST', '/api/missions/live/ticket', token);
  return openStream(instance.base, `ticket=${json.ticket}`);
}

/** The next frame of `stream` about `action` (the earlier ones, e.g. the creation, are passed over). */
async function until(stream: SseStream, action: string) {
  let frame = await stream.next();
  while (frame.data?.action !== action) frame = await stream.next();
  return frame;
}

describe.skipIf(!postgresAvailable)('two instances on one PostgreSQL', () => {
  let a: Instance;
  let b: Instance;
  let running: Awaited<ReturnType<typeof startInstances>>;
  const streams: SseStream[] = [];

  beforeAll(async () => {
    running = await startInstances(2);
    [a, b] = running.instances as [Instance, Instance];
  }, 60_000);

  afterAll(async () => {
    for (const s of streams) s.close();
    await running?.stop();
  });

  it('signs in on one, lists and accepts on either, and each stream hears the other instance', async () => {
    const gestor = await signIn(a, 'gestor@demo.com.br');
    const prestador = await signIn(b, 'prestador@demo.com.br');

    // Tickets are redeemed on the other instance than the one that issued them.
    const providerOnB = await streamAt(b, a, prestador);
    const managerOnA = await streamAt(a, b, gestor);
    streams.push(providerOnB, managerOnA);
    expect([providerOnB.status, managerOnA.status]).toEqual([200, 200]);

    const sent = Date.now();
    const created = await call<MissionDetail>(a, 'POST', '/api/missions/request', gestor, missionBody({ processNumber: 'PR-LIVE' }));
    expect(created.status).toBe(201);
    const heard = await providerOnB.next();
    expect(heard.data).toMatchObject({ mission: created.json._id, action: 'created', status: 'open' });
    expect(heard.at - sent).toBeLessThan(1000);

    const list = await call<MonitoringPage>(b, 'GET', '/api/missions/request/monitoring?page=1', gestor);
    expect(list.status).toBe(200);
    expect(list.json.data.map((m) => m._id)).toContain(created.json._id);

    const proposal = await call<Proposal>(b, 'POST', '/api/missions/proposals', prestador, proposalBody(created.json._id));
    expect(proposal.status).toBe(201);
    expect((await until(managerOnA, 'proposal_completed')).data).toMatchObject({ mission: created.json._id });

    const accepted = await call<MissionDetail>(a, 'PUT', `/api/missions/request/${created.json._id}/status`, gestor, {
      missionRequest: created.json._id,
      status: 'started',
      serviceProvider: DEMO_IDS.provider,
    });
    expect(accepted.status).toBe(200);
    expect(accepted.json).toMatchObject({ status: 'started', serviceProvider: DEMO_IDS.provider });
    const acceptedAt = Date.now();
    const news = await until(providerOnB, 'accepted');
    expect(news.data).toMatchObject({ mission: created.json._id, status: 'started' });
    expect(news.at - acceptedAt).toBeLessThan(1000);
  });

  it('a dropped LISTEN connection comes back, its clients are told to refetch, and events flow again', async () => {
    const gestor = await signIn(a, 'gestor@demo.com.br');
    const onB = await streamAt(b, b, gestor);
    streams.push(onB);
    // The listening connection's last statement is one of its LISTENs (server/db/notifications.ts).
    const killed = await running.admin.query<{ ok: boolean }>(
      `select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = $1 and query like 'LISTEN %'`,
      [running.database],
    );
    expect(killed.rows.length).toBe(2);
    expect((await onB.next(5000)).event).toBe('resync');

    const created = await call<MissionDetail>(a, 'POST', '/api/missions/request', gestor, missionBody({ processNumber: 'PR-VOLTA' }));
    expect(created.status).toBe(201);
    expect((await until(onB, 'created')).data).toMatchObject({ mission: created.json._id });
  });
});
