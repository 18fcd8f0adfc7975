import type { FastifyReply } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { migrationsApplied } from '../db/migrate';
import { HEALTH_CONTRACTS } from '../../src/domain/healthContracts';
import { answered } from '../shared/answered';
import { serves } from '../shared/serves';

/**
 * Liveness and readiness for scripts, orchestrators and load balancers. /api/health answers while
 * the process runs, asking nothing of the database (a slow database must not get a live server
 * restarted); /api/ready answers 200 only when the database answers and has every migration of
 * this build, so a balancer sends no traffic to an instance that cannot serve it.
 */
/** The 503 of readiness, with its reason: no success answer (its own schema in the contract). */
const unavailable = (reply: FastifyReply, reason: 'database' | 'migrations') => answered<never>(reply.status(503).send({ status: 'unavailable', reason }));

export function healthHandlers({ db }: { db: Db }) {
  return {
    health: serves(HEALTH_CONTRACTS.health, () => ({ status: 'ok' as const })),
    ready: serves(HEALTH_CONTRACTS.ready, async (_request, reply) => {
      try {
        await db.execute(sql`select 1`);
      } catch {
        return unavailable(reply, 'database');
      }
      const applied = await migrationsApplied(db).catch(() => false);
      return applied ? { status: 'ok' as const } : unavailable(reply, 'migrations');
    }),
  };
}
