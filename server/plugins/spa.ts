import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built SPA from `root`. Any GET outside /api that matches no file answers index.html,
 * so deep links (/home/missions/…) work; /api stays JSON 404.
 */
export default fp<{ root: string }>(async function spaPlugin(app: FastifyInstance, { root }) {
  if (!existsSync(root)) return;
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    setHeaders(reply, path) {
      // Vite's hashed assets never change; index.html must always be revalidated.
      reply.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', async (request, reply) => {
    const [path = ''] = request.url.split('?');
    if (path.startsWith('/api/') || path === '/api') {
      return reply.status(404).send({ error: `Route ${request.method} ${path} not found` });
    }
    const file = path.replace(/^\/+/, '');
    if (file && !file.endsWith('/') && existsSync(`${root}/${file}`)) return reply.sendFile(file);
    return reply.type('text/html').header('Cache-Control', 'no-cache').sendFile('index.html');
  });
});
