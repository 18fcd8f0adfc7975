import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';

/**
 * The reference for the API figures: a bare Fastify route (no plugins, no database), run as its own
 * process like the real server so both are measured under the same conditions.
 */
const app = Fastify({ logger: false });
// eslint-disable-next-line @typescript-eslint/require-await -- async like the real routes' handlers, so both pay the same promise overhead
app.get('/bare', async () => ({ status: 'ok' }));
// A body of BARE_BYTES (default 100 KB) sent as a gzipped JSON would be: the floor for big lists.
const body = randomBytes(Number(process.env.BARE_BYTES ?? 100_000));
// What the OsmAnd intake answers a device (docs/rules/positions.md): 200 with an empty body, to the
// query form (GET) and to Traccar Client 9's JSON (POST, parsed as Fastify parses any JSON body).
app.route({ method: ['GET', 'POST'], url: '/osmand', handler: (_request, reply) => reply.status(200).send('') });
app.get('/bytes', (_request, reply) => reply.type('application/json').header('content-encoding', 'gzip').send(body));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`listening ${(app.server.address() as { port: number }).port}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
