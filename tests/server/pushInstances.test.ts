import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MissionDetail } from '../../src/domain/missions';
import { PUSH_KIND_LABELS } from '../../src/domain/push';
import { call, postgresAvailable, signIn, startInstances, type Instance } from './instances';
import { missionBody } from './missionsClient';
import { startPushService, type PushService } from './pushService';

/**
 * Two instances on one PostgreSQL (docs/operations/several-instances.md), both running the push
 * dispatcher (docs/operations/notifications.md): every event reaches each device once, whichever
 * instance wrote it and however the two race for the outbox and the deliveries.
 */
describe.skipIf(!postgresAvailable)('push dispatch on two instances', () => {
  let a: Instance;
  let b: Instance;
  let service: PushService;
  let running: Awaited<ReturnType<typeof startInstances>>;

  beforeAll(async () => {
    service = await startPushService();
    running = await startInstances(2, {}, { push: { agent: service.agent, retryMs: 50, sweepMs: 200 } });
    [a, b] = running.instances as [Instance, Instance];
  }, 60_000);

  afterAll(async () => {
    await running?.stop();
    await service?.close();
  });

  it('delivers each event once to each device', async () => {
    const gestor = await signIn(a, 'gestor@demo.com.br');
    for (const [email, name, on] of [['prestador@demo.com.br', 'p', a], ['prestador2@demo.com.br', 's', b]] as const) {
      const device = service.device(name);
      const token = await signIn(on, email);
      const { status } = await call(on, 'POST', '/api/auth/push/devices', token, { ...device.subscription, label: name, kinds: ['missionOffered'] });
      expect(status).toBe(201);
    }
    const missions: string[] = [];
    for (let i = 0; i < 6; i++) {
      const created = await call<MissionDetail>(i % 2 === 0 ? a : b, 'POST', '/api/missions/request', gestor, missionBody({ processNumber: `PR-DUO-${i}` }));
      expect(created.status).toBe(201);
      missions.push(created.json.processNumber ?? '');
    }
    await service.waitForDelivered(12, 20_000);
    // Time for a second send of anything, had two instances both claimed it.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(service.received).toHaveLength(12);
    for (const device of ['p', 's']) {
      const got = service.deliveredTo(device);
      expect(got.every((p) => p.title === PUSH_KIND_LABELS.missionOffered)).toBe(true);
      expect(got.map((p) => p.body).sort()).toEqual(missions.map((m) => `Missão #${m}`).sort());
      expect(new Set(got.map((p) => p.tag)).size).toBe(6);
    }
  });
});
