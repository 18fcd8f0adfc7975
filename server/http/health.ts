import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { API_ANSWERS } from '../../src/domain/apiAnswers';

/** Readiness for scripts and load balancers: answers 200 only when the database answers. */
export default async function healthRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get('/api/health', { schema: { response: API_ANSWERS.health } }, async (_request, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
