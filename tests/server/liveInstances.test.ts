import { describe, expect, it } from 'vitest';
import type { MissionDetail, MonitoringPage, Proposal } from '../../src/domain/missions';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { call, postgresAvailable, signIn, useTwoInstances } from './instances';
import { missionBody, proposalBody } from './missionsClient';
import type { SseStream } from './liveClient';

/**
 * Two server instances on one PostgreSQL (instances.ts): what one instance writes, the other's
 * stream announces.
 */
/** The next frame of `stream` about `action` (the earlier ones, e.g. the creation, are passed over). */
async function until(stream: SseStream, action: string) {
  let frame = await stream.next();
  while (frame.data?.action !== action) frame = await stream.next();
  return frame;
}

describe.skipIf(!postgresAvailable)('two instances on one PostgreSQL', () => {
  const two = useTwoInstances();

  it('signs in on one, lists and accepts on either, and each stream hears the other instance', async () => {
    const gestor = await signIn(two.a, 'gestor@demo.com.br');
    const prestador = await signIn(two.b, 'prestador@demo.com.br');

    // Tickets are redeemed on the other instance than the one that issued them.
    const { a, b } = two;
    const providerOnB = await two.streamAt(b, prestador, a);
    const managerOnA = await two.streamAt(a, gestor, b);
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
    const { a, b, running } = two;
    const gestor = await signIn(a, 'gestor@demo.com.br');
    const onB = await two.streamAt(b, gestor);
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
