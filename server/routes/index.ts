import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app';
import healthRoutes from './health';
import authRoutes from './auth';

export type RouteDeps = AppDeps & { now: () => Date };

/** Every service of DESIGN section 3, each at its base path. */
export async function registerRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  await app.register(healthRoutes, deps);
  await app.register(authRoutes, { ...deps, prefix: '/api/auth' });
}
