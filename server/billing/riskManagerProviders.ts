import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { riskManagers, serviceProviders } from '../db/schema';

/** The providers of one risk manager, by name, for the plan form's provider select; null when the risk manager does not exist. */
export async function providersOfRiskManager(db: Db, riskManager: string): Promise<{ _id: string; name: string }[] | null> {
  const [tenant] = await db.select({ id: riskManagers.id }).from(riskManagers).where(eq(riskManagers.id, riskManager));
  if (!tenant) return null;
  return db
    .select({ _id: serviceProviders.id, name: serviceProviders.name })
    .from(serviceProviders)
    .where(eq(serviceProviders.riskManager, riskManager))
    .orderBy(asc(serviceProviders.name));
}
