import { and, eq } from 'drizzle-orm';
import type { PriceReference } from '../../../src/domain/billing/api';
import type { Db } from '../../db/client';
import { riskManagers, shippers } from '../../db/schema';
import { forbidden, notFound } from '../../errors/httpErrors';
import { priceReferenceOf, providerPlans, shipperPlans } from '../../pricing/plans';
import type { AuthUser } from '../../shared/session';
import { inScope, scopeOf, tenantWhere } from '../../shared/tenancy';

/**
 * The price tables the billing screen offers (docs/api.md "price tables by risk manager id and by
 * shipper id"), tenancy-scoped: a tenant's users read their own tenant's, a provider only its own
 * and the general ('Todos') plans, platform admins any tenant's.
 */

/** GET priceTables/riskManager/{id}: the tenant's active provider plans. */
export async function riskManagerPriceTables(db: Db, user: AuthUser, riskManager: string): Promise<PriceReference[]> {
  if (!inScope(scopeOf(user), riskManager)) throw notFound();
  const [tenant] = await db.select({ id: riskManagers.id }).from(riskManagers).where(eq(riskManagers.id, riskManager));
  if (!tenant) throw notFound();
  const provider = user.role.type === 'service_provider' ? user.serviceProvider : null;
  if (user.role.type === 'service_provider' && provider === null) throw forbidden();
  return (await providerPlans(db, riskManager, provider)).map(priceReferenceOf);
}

/** GET priceTables/shipper/{id}: a shipper's active plans; providers never see what a client pays. */
export async function shipperPriceTables(db: Db, user: AuthUser, shipper: string): Promise<PriceReference[]> {
  if (user.role.type === 'service_provider') throw forbidden();
  const [row] = await db
    .select({ riskManager: shippers.riskManager })
    .from(shippers)
    .where(and(eq(shippers.id, shipper), tenantWhere(scopeOf(user), shippers.riskManager)));
  if (!row) throw notFound();
  return (await shipperPlans(db, row.riskManager, shipper)).map(priceReferenceOf);
}
