import { count } from 'drizzle-orm';
import type { Perfil, RoleType } from '../../src/domain/roles';
import { hashPassword } from '../auth/passwords';
import type { Storage } from '../files/store';
import type { Db } from '../db/client';
import { DEMO_IDS } from './demoIds';
import { riskManagers, serviceProviders, users } from '../db/schema';
import { seedThemes } from './seedThemes';
import { seedCatalogues } from './seedCatalogues';
import { seedRosters } from './seedRosters';
import { seedMissions } from './seedMissions';
import { seedTracking } from './seedTracking';

/**
 * Demo data, seeded only on an empty database. Fixed ids make it the same on every machine,
 * so tests and the README can name them.
 */
export const DEMO_PASSWORD = 'Demo@123';

export { DEMO_IDS };

interface DemoUser {
  id: string;
  name: string;
  email: string;
  roleType: RoleType;
  perfil: Perfil;
  riskManager: string | null;
  serviceProvider: string | null;
}

/**
 * Where Pronta Resposta Demo's teams leave from (docs/rules/catalogues.md, "A base de uma
 * prestadora"): a São Paulo address, so the demo's proposal form shows the prefill and the distance
 * and time proposed from it (docs/rules/field-app.md). Escolta Sul has none: the form starts empty.
 */
export const DEMO_PROVIDER_BASE = {
  baseZipcode: '04101300',
  baseAddress: 'Rua Vergueiro',
  baseNumber: '2016',
  baseNeighborhood: 'Vila Mariana',
  baseCity: 'São Paulo',
  baseState: 'SP',
  baseLatitude: -23.5801,
  baseLongitude: -46.6398,
} as const;

export const DEMO_USERS: DemoUser[] = [
  { id: '5f0000000000000000001001', name: 'Administrador Demo', email: 'admin@demo.com.br', roleType: 'admin', perfil: 'admin', riskManager: null, serviceProvider: null },
  { id: '5f0000000000000000001002', name: 'Gestor Demo', email: 'gestor@demo.com.br', roleType: 'risk_manager', perfil: 'admin', riskManager: DEMO_IDS.riskManager, serviceProvider: null },
  { id: '5f0000000000000000001003', name: 'Operador Demo', email: 'operador@demo.com.br', roleType: 'risk_manager', perfil: 'operational', riskManager: DEMO_IDS.riskManager, serviceProvider: null },
  { id: '5f0000000000000000001004', name: 'TI Demo', email: 'ti@demo.com.br', roleType: 'risk_manager', perfil: 'ti', riskManager: DEMO_IDS.riskManager, serviceProvider: null },
  { id: '5f0000000000000000001005', name: 'Prestador Demo', email: 'prestador@demo.com.br', roleType: 'service_provider', perfil: 'admin', riskManager: DEMO_IDS.riskManager, serviceProvider: DEMO_IDS.provider },
  { id: '5f0000000000000000001006', name: 'Prestador Sul', email: 'prestador2@demo.com.br', roleType: 'service_provider', perfil: 'operational', riskManager: DEMO_IDS.riskManager, serviceProvider: DEMO_IDS.providerSul },
  { id: '5f0000000000000000001007', name: 'Gestor Norte', email: 'gestor.norte@demo.com.br', roleType: 'risk_manager', perfil: 'admin', riskManager: DEMO_IDS.riskManagerNorte, serviceProvider: null },
];

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

/** Seeds the demo data when the database has no user yet; returns whether it seeded. With `storage`, the themes' images too. */
export async function seedDemo(db: Db, storage?: Storage): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await tx.insert(riskManagers).values([
      { id: DEMO_IDS.riskManager, name: 'Gerenciadora Demo' },
      { id: DEMO_IDS.riskManagerNorte, name: 'Gerenciadora Norte' },
    ]);
    await tx.insert(serviceProviders).values([
      { id: DEMO_IDS.provider, riskManager: DEMO_IDS.riskManager, name: 'Pronta Resposta Demo', legalName: 'Pronta Resposta Demo Segurança Ltda', cnpj: '11222333000181', phone1: '11987654321', ...DEMO_PROVIDER_BASE },
      { id: DEMO_IDS.providerSul, riskManager: DEMO_IDS.riskManager, name: 'Escolta Sul', legalName: 'Escolta Sul Vigilância Patrimonial Ltda', cnpj: '45723174000110', phone1: '51998765432' },
    ]);
    await tx.insert(users).values(DEMO_USERS.map((u) => ({ ...u, passwordHash })));
    await seedCatalogues(tx);
    await seedMissions(tx);
    await seedRosters(tx);
    await seedTracking(tx);
    await seedThemes(tx, storage);
  });
  return true;
}
