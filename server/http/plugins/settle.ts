import fp from 'fastify-plugin';
import type { Notifications } from '../../db/notifications';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A write is answered only once this instance has heard what it changed (Notifications.settle):
 * the next request of the same client, here or on another instance, then finds every in-memory
 * answer drawn from the old data (users, catalogue lists, missions pages) already stale. On PGlite
 * the announcements arrive before the COMMIT's answer (pgliteThread.ts) and this waits for nothing; on PostgreSQL it
 * costs a write one NOTIFY's round trip.
 */
declare module 'fastify' {
  interface FastifyRequest {
    /** Set by a read that also writes (opening a chat marks it read): it settles like a write. */
    wrote: boolean;
  }
  interface FastifyInstance {
    /** Resolves once this instance has heard every change committed before the call (Notifications.settle). */
    settle: () => Promise<void>;
    /** False while this instance cannot hear announcements (Notifications.live): it then answers nothing from memory. */
    hearsAnnouncements: () => boolean;
  }
}

export default fp<{ notifications: Notifications }>(async function settlePlugin(app, { notifications }) {
  app.decorateRequest('wrote', false);
  app.decorate('settle', () => notifications.settle());
  app.decorate('hearsAnnouncements', () => notifications.live);
  app.addHook('onSend', async (request, reply, payload) => {
    if ((request.wrote || !READS.has(request.method)) && reply.statusCode < 400) await notifications.settle();
    return payload;
  });
});
