import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { migrationsApplied } from '../db/migrate';
import { API_ANSWERS } from '../../src/domain/apiAnswers';

/**
 * Liveness and readiness for scripts, orchestrators and load balancers. /api/health answers while
 * the process runs, asking nothing of the database (a slow database must not get a live server
 * restarted); /api/ready answers 200 only when the database answers and has every migration of
 * this build, so a balancer sends no traffic to an instance that cannot serve it.
 */
export default async function healthRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get('/api/health', { schema: { response: API_ANSWERS.health } }, () => ({ status: 'ok' as const }));

  app.get('/api/ready', { schema: { response: API_ANSWERS.ready } }, async (_request, reply) => {
    try {
      await db.execute(sql`select 1`);
    } catch {
      return reply.status(503).send({ status: 'unavailable', reason: 'database' });
    }
    const applied = await migrationsApplied(db).catch(() => false);
    return applied ? { status: 'ok' } : reply.status(503).send({ status: 'unavailable', reason: 'migrations' });
  });
}
