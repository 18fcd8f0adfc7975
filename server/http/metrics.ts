import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from '../db/client';
import { unauthorized } from '../errors/httpErrors';
import type { RuntimeGauges } from '../shared/deps';

export const METRICS_URL = '/api/metrics';
export const METRICS_TOKEN_REFUSED = 'Token de métricas ausente ou inválido.';

export interface MetricsOptions {
  token: string;
  gauges: RuntimeGauges;
  /** The database connections (absent in tests that build the app over a bare Db). */
  poolStats?: () => PoolStats;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Prometheus metrics at /api/metrics (text exposition format), for the operator only: the endpoint
 * exists only with METRICS_TOKEN and asks for it as `Authorization: Bearer …`, compared in constant
 * time (digests of equal length, so neither the content nor the length leaks through timing).
 *
 * One registry per app (several apps in one test process do not mix their counts). On the request
 * path only an onResponse hook runs: a counter and a histogram observation labelled by the route's
 * pattern (never the raw URL, whose ids would make a series per record). The gauges are read when
 * scraped, not kept current on every change.
 */
export default fp<MetricsOptions>(async function metricsPlugin(app: FastifyInstance, { token, gauges, poolStats }) {
  const registry = new Registry();
  // Process metrics, including the event-loop lag (nodejs_eventloop_lag_seconds and its percentiles).
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'Requisições HTTP respondidas, por rota.', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Tempo até a resposta, por rota.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'live_streams_open',
    help: 'Streams ao vivo (SSE) abertos nesta instância.',
    registers: [registry],
    collect() {
      this.set(gauges.liveStreams);
    },
  });
  new Counter({
    name: 'positions_refused_total',
    help: 'Posições de dispositivos conhecidos não guardadas, por motivo (docs/rules/positions.md).',
    labelNames: ['reason'] as const,
    registers: [registry],
    collect() {
      // The intake counts in the gauges (no registry on its path); the series are set from them here.
      this.reset();
      for (const [reason, n] of Object.entries(gauges.positionsRefused)) this.inc({ reason }, n);
    },
  });
  if (poolStats) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'Conexões com o banco, por estado (no PGlite, a única conexão embutida).',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.set({ state: 'active' }, stats.active);
        this.set({ state: 'idle' }, stats.total - stats.active);
      },
    });
    new Gauge({
      name: 'db_pool_waiting',
      help: 'Consultas esperando uma conexão livre.',
      registers: [registry],
      collect() {
        this.set(poolStats().waiting);
      },
    });
  }

  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern ('/api/missions/:id/events'); a request no route matched is one series.
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: reply.statusCode };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
  app.addHook('onClose', (_app, done) => {
    registry.clear();
    done();
  });

  const expected = digest(`Bearer ${token}`);
  app.get(METRICS_URL, { schema: { response: { 200: { type: 'string', description: 'Métricas no formato de texto do Prometheus.' } } } }, async (request, reply) => {
    const given = digest(request.headers.authorization ?? '');
    if (!timingSafeEqual(given, expected)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw unauthorized(METRICS_TOKEN_REFUSED);
    }
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });
});
