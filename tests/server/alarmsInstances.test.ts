import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Alarm } from '../../src/domain/alarms/contracts';
import { escalateAlarms } from '../../server/alarms/escalation';
import { missions } from '../../server/db/schema';
import { CATALOGUE_IDS } from '../../server/demo/seedCatalogues';
import { DEMO_IDS } from '../../server/demo/demoIds';
import type { MailMessage, Mailer } from '../../server/mail/mailer';
import { call, postgresAvailable, signIn, useTwoInstances } from './instances';
import type { SseStream } from './liveClient';

/**
 * An SOS across two instances on one PostgreSQL (docs/rules/alarms.md): raised on B, heard on A by
 * the risk manager within 2 s and never by the losing provider; presses on both instances at once
 * make one alarm; two 'Ciente' at once on both, one wins; the two instances' sweepers e-mail it once.
 */
describe.skipIf(!postgresAvailable)('SOS across two instances on one PostgreSQL', () => {
  const two = useTwoInstances();

  /** The mission actions a stream hears of `mission` within `ms`. */
  async function actionsHeard(stream: SseStream, mission: string, ms: number): Promise<string[]> {
    const actions: string[] = [];
    const until = Date.now() + ms;
    for (;;) {
      const left = until - Date.now();
      if (left <= 0) return actions;
      try {
        const frame = await stream.next(left);
        if (frame.event === 'mission' && frame.data?.mission === mission && typeof frame.data.action === 'string') {
          actions.push(frame.data.action);
          if (frame.data.action === 'sos_raised') return actions;
        }
      } catch {
        return actions;
      }
    }
  }

  it('raised on B, heard on A within 2 s by the risk manager only; one alarm for presses on both; one Ciente wins; one e-mail from two sweepers', async () => {
    const { a, b } = two;
    const [held] = await a.database.db
      .select({ id: missions.id })
      .from(missions)
      .where(and(eq(missions.serviceProvider, DEMO_IDS.provider), eq(missions.status, 'started')))
      .limit(1);
    const mission = held?.id ?? '';
    expect(mission).not.toBe('');
    const gestor = await signIn(a, 'gestor@demo.com.br');
    const operador = await signIn(b, 'operador@demo.com.br');
    const prestadorA = await signIn(a, 'prestador@demo.com.br');
    const prestadorB = await signIn(b, 'prestador@demo.com.br');
    const sul = await signIn(a, 'prestador2@demo.com.br');
    const config = await call<{ required: unknown }>(a, 'GET', `/api/admin/mission/configs/${CATALOGUE_IDS.missionConfigDemo}`, gestor);
    const alarms = { phone: null, emails: 'central@demo.com.br', escalateMinutes: 5, silenceMinutes: null };
    expect((await call(a, 'PUT', `/api/admin/mission/configs/${CATALOGUE_IDS.missionConfigDemo}`, gestor, { required: config.json.required, alarms })).status).toBe(200);

    const managerOnA = await two.streamAt(a, gestor);
    const competitorOnA = await two.streamAt(a, sul);
    const sent = Date.now();
    const raised = await call<Alarm>(b, 'POST', `/api/missions/${mission}/sos`, prestadorB, {});
    expect(raised.status).toBe(200);
    expect(await actionsHeard(managerOnA, mission, 2000)).toContain('sos_raised');
    expect(Date.now() - sent).toBeLessThan(2000);
    expect(await actionsHeard(competitorOnA, mission, 500)).toEqual([]);

    // The same open SOS, whichever instance each press reached.
    const presses = await Promise.all([call<Alarm>(a, 'POST', `/api/missions/${mission}/sos`, prestadorA, {}), call<Alarm>(b, 'POST', `/api/missions/${mission}/sos`, prestadorB, {})]);
    expect(presses.map((p) => p.status)).toEqual([200, 200]);
    expect(new Set([raised.json._id, ...presses.map((p) => p.json._id)]).size).toBe(1);

    // Both sweepers at once, past the escalation delay: one e-mail.
    const mail: MailMessage[] = [];
    const mailer: Mailer = { send: (message) => Promise.resolve(void mail.push(message)) };
    const later = new Date(Date.now() + 6 * 60_000);
    const counts = await Promise.all([escalateAlarms(a.database.db, mailer, 'https://pr.example', later), escalateAlarms(b.database.db, mailer, 'https://pr.example', later)]);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(1);
    expect(mail).toHaveLength(1);

    const acks = await Promise.all([
      call<Alarm>(a, 'POST', `/api/missions/alarms/${raised.json._id}/acknowledge`, gestor, {}),
      call<Alarm>(b, 'POST', `/api/missions/alarms/${raised.json._id}/acknowledge`, operador, {}),
    ]);
    expect(acks.map((x) => x.status).sort()).toEqual([200, 409]);
    const open = await call<Alarm[]>(b, 'GET', '/api/missions/alarms', operador);
    expect(open.json.map((x) => x._id)).not.toContain(raised.json._id);
  });
});
