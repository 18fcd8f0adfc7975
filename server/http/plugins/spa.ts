import { existsSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { ROUTE_NOT_FOUND } from '../../errors/httpErrors';

/**
 * Serves the built SPA from `root`. Any GET outside /api that matches no file answers index.html,
 * so deep links (/home/missions/…) work; /api stays JSON 404.
 */
export default fp<{ root: string }>(async function spaPlugin(app: FastifyInstance, { root }) {
  if (!existsSync(root)) return;
  const base = resolve(root);

  /**
   * The file under `root` a URL path names, or null. The path is decoded and resolved first, so
   * `..` (plain or %2e%2e) can never leave `root`: a path outside it is treated like a missing file
   * and answers index.html, whether or not something exists there (nothing to probe).
   */
  function fileOf(urlPath: string): string | null {
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return null;
    }
    if (decoded.includes('\0')) return null;
    const full = resolve(base, `.${decoded.startsWith('/') ? '' : '/'}${decoded}`);
    if (!full.startsWith(base + sep)) return null;
    try {
      return statSync(full).isFile() ? full.slice(base.length + 1).split(sep).join('/') : null;
    } catch {
      return null;
    }
  }

  await app.register(fastifyStatic, {
    root: base,
    wildcard: false,
    index: false,
    // The build writes a .br and a .gz beside each text file (scripts/vite-precompress.mjs): sent to a
    // browser that accepts them, a third of the bytes over a phone's weak signal.
    preCompressed: true,
    setHeaders(reply, path) {
      // Vite's hashed assets never change; index.html must always be revalidated.
      reply.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', async (request, reply) => {
    const [path = '/'] = request.url.split('?');
    if (path.startsWith('/api/') || path === '/api') return reply.status(404).send({ error: ROUTE_NOT_FOUND });
    const file = fileOf(path);
    if (file) return reply.sendFile(file);
    return reply.type('text/html').header('Cache-Control', 'no-cache').sendFile('index.html');
  });
});
