import type { Db } from '../server/db/client';
import { DEMO_IDS } from '../server/demo/demoIds';
import { newId } from '../server/db/ids';
import { franchises, franchisePlans, missions, proposals, requesters, riskManagers, serviceProviders, shippers, users } from '../server/db/schema';
import { CATALOGUE_IDS, fixedId } from '../server/demo/seedCatalogues';
import type { StoredMissionStatus } from '../src/domain/missions';
import { hashPassword } from '../server/auth/passwords';

/**
 * The monitoring bench's load (docs/performance.md): 100,000 missions over five tenants — Gerenciadora
 * Demo holds 90% (the tenant
 * whose count the issue measured), Norte and three bench tenants the rest — each tenant with two
 * providers, a status mix of a year of operation (mostly finished and billed, a few open), and
 * proposals: open missions with notices, and 10% of the taken ones lost by the other provider
 * (its 'rejected' rows). Deterministic: the same rows on every run. Logins use the demo password.
 */

interface Tenant {
  id: string;
  shipper: string;
  plan: string;
  requester: string;
  providers: [string, string];
  share: number;
  /** Logins that poll: the risk manager's and its first provider's. */
  logins: string[];
}

export interface BenchTenants {
  /** Every polling login, risk managers and providers of every tenant, plus the platform admin. */
  logins: string[];
}

async function benchTenant(db: Db, n: number, passwordHash: string): Promise<Tenant> {
  const id = fixedId(0x70, n);
  const providers: [string, string] = [fixedId(0x71, n * 2), fixedId(0x71, n * 2 + 1)];
  await db.insert(riskManagers).values({ id, name: `Gerenciadora Bench ${n}` });
  await db.insert(serviceProviders).values(
    providers.map((p, i) => ({ id: p, riskManager: id, name: `Prestadora Bench ${n}${'AB'[i]}`, legalName: 'Bench Ltda', cnpj: `BENCH${n}${i}`, phone1: '11999990000' })),
  );
  const shipper = fixedId(0x72, n);
  await db.insert(shippers).values({ id: shipper, riskManager: id, name: `Embarcador Bench ${n}`, legalName: 'Bench S.A.', cnpj: `BENCHS${n}` });
  const service = fixedId(0x73, n);
  await db.insert(franchises).values({ id: service, riskManager: id, name: 'Pronta resposta', type: 'service_provider' });
  const plan = fixedId(0x74, n);
  await db.insert(franchisePlans).values({
    id: plan, target: 'shipper', riskManager: id, shipper, franchise: service, name: 'Plano bench', priceCents: 40000, distanceKm: 100,
    intervalType: 'start_end', hourIntervalType: 'start_endOnPlace', time: '03:00', chargeType: 'fraction_time', distancePriceCents: 200, hourPriceCents: 8000,
  });
  const requester = fixedId(0x75, n);
  await db.insert(requesters).values({ id: requester, riskManager: id, name: 'Central Bench' });
  const logins = [`gestor.bench${n}@bench.local`, `prestador.bench${n}@bench.local`];
  await db.insert(users).values([
    { name: `Gestor Bench ${n}`, email: logins[0] ?? '', passwordHash, roleType: 'risk_manager', perfil: 'admin', riskManager: id },
    { name: `Prestador Bench ${n}`, email: logins[1] ?? '', passwordHash, roleType: 'service_provider', perfil: 'admin', riskManager: id, serviceProvider: providers[0] },
  ]);
  return { id, shipper, plan, requester, providers, share: 0.02, logins };
}

const STATUS_MIX: [number, StoredMissionStatus][] = [
  [2, 'open'],
  [7, 'started'],
  [67, 'finished'],
  [87, 'billed'],
  [92, 'billed_shipper'],
  [97, 'billed_provider'],
  [100, 'canceled'],
];
const statusAt = (i: number) => STATUS_MIX.find(([upTo]) => i % 100 < upTo)?.[1] ?? 'finished';

/**
 * `pollers`: at least this many distinct logins are returned, each a user of its own (risk-manager
 * and provider users spread over the tenants by their share of missions), so every poller is a
 * separate session with its own cached user and unread counts, as real screens are.
 */
export async function seedMissionLoad(db: Db, total = 100_000, now = Date.now(), pollers = 0): Promise<BenchTenants> {
  const passwordHash = await hashPassword('Demo@123');
  // Norte's demo seed has no provider: two for the bench.
  const norteProviders: [string, string] = [fixedId(0x71, 100), fixedId(0x71, 101)];
  await db.insert(serviceProviders).values(
    norteProviders.map((p, i) => ({ id: p, riskManager: DEMO_IDS.riskManagerNorte, name: `Prestadora Norte ${'AB'[i]}`, legalName: 'Norte Ltda', cnpj: `NORTE${i}`, phone1: '92999990000' })),
  );
  await db.insert(users).values({ name: 'Prestador Norte', email: 'prestador.norte@bench.local', passwordHash, roleType: 'service_provider', perfil: 'admin', riskManager: DEMO_IDS.riskManagerNorte, serviceProvider: norteProviders[0] });
  const tenants: Tenant[] = [
    { id: DEMO_IDS.riskManager, shipper: CATALOGUE_IDS.shipperAndrade, plan: CATALOGUE_IDS.planAndrade, requester: fixedId(0x24, 1), providers: [DEMO_IDS.provider, DEMO_IDS.providerSul], share: 0.9, logins: ['gestor@demo.com.br', 'prestador@demo.com.br', 'prestador2@demo.com.br'] },
    { id: DEMO_IDS.riskManagerNorte, shipper: CATALOGUE_IDS.shipperNorte, plan: fixedId(0x41, 4), requester: CATALOGUE_IDS.requesterNorte, providers: norteProviders, share: 0.04, logins: ['gestor.norte@demo.com.br', 'prestador.norte@bench.local'] },
  ];
  for (let n = 1; n <= 3; n++) tenants.push(await benchTenant(db, n, passwordHash));

  const yearMs = 365 * 24 * 3600 * 1000;
  for (const tenant of tenants) {
    const count = Math.round(total * tenant.share);
    for (let start = 0; start < count; start += 1000) {
      const rows: (typeof missions.$inferInsert)[] = [];
      const offers: (typeof proposals.$inferInsert)[] = [];
      for (let i = start; i < Math.min(count, start + 1000); i++) {
        const status = statusAt(i);
        const taken = status !== 'open' && status !== 'canceled';
        const holder = tenant.providers[i % 2] ?? tenant.providers[0];
        const other = tenant.providers[(i + 1) % 2] ?? tenant.providers[1];
        const id = newId();
        const createdAt = new Date(now - Math.floor((i / count) * yearMs));
        rows.push({
          id, riskManager: tenant.id, processNumber: `B-${i}`, shipper: tenant.shipper, franchisePlan: tenant.plan, requester: tenant.requester,
          zipcode: '01310100', address: 'Avenida Paulista', number: String(i % 2000), neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP',
          latitude: -23.56 + (i % 100) / 1000, longitude: -46.65 + (i % 70) / 1000,
          status, serviceProvider: taken ? holder : null, createdAt, updatedAt: createdAt,
        });
        const base = { mission: id, missionCreatedAt: createdAt, riskManager: tenant.id, createdAt, updatedAt: createdAt };
        if (status === 'open' && i % 3 === 0) offers.push({ ...base, serviceProvider: other, status: 'pending' });
        if (taken && i % 20 < 2) {
          offers.push({ ...base, serviceProvider: holder, status: 'approved', etaTime: '00:30', etaDistanceKm: 10 });
          offers.push({ ...base, serviceProvider: other, status: 'rejected', etaTime: '00:45', etaDistanceKm: 18 });
        }
      }
      await db.insert(missions).values(rows);
      if (offers.length > 0) await db.insert(proposals).values(offers);
    }
  }
  const logins = ['admin@demo.com.br', ...tenants.flatMap((t) => t.logins)];
  const extra: (typeof users.$inferInsert)[] = [];
  for (let i = 0; logins.length + extra.length < pollers; i++) {
    // Demo holds 90% of the missions: most of the extra users are its own.
    const tenant = i % 10 < 8 ? tenants[0]! : tenants[1 + (i % (tenants.length - 1))]!;
    const provider = i % 2 === 1;
    extra.push({
      name: `Usuário Bench ${i}`,
      email: `poller${i}@bench.local`,
      passwordHash,
      roleType: provider ? 'service_provider' : 'risk_manager',
      perfil: 'operational',
      riskManager: tenant.id,
      serviceProvider: provider ? tenant.providers[(i >> 1) % 2] : null,
    });
  }
  if (extra.length > 0) await db.insert(users).values(extra);
  return { logins: [...logins, ...extra.map((u) => u.email)] };
}
