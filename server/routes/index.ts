import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app';
import healthRoutes from './health';
import authRoutes from './auth';
import adminRoutes from './admin';
import billingRoutes from './billing';
import riskManagerRoutes from './riskManagers';
import serviceProviderRoutes from './serviceProviders';

export type RouteDeps = AppDeps & { now: () => Date };

/** Every service of DESIGN section 3, each at its base path. */
export async function registerRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  await app.register(healthRoutes, deps);
  await app.register(authRoutes, { ...deps, prefix: '/api/auth' });
  await app.register(adminRoutes, { ...deps, prefix: '/api/admin' });
  await app.register(billingRoutes, { ...deps, prefix: '/api/v1/billing' });
  await app.register(riskManagerRoutes, { ...deps, prefix: '/api/risk-managers' });
  await app.register(serviceProviderRoutes, { ...deps, prefix: '/api/service-providers' });
}
