import type { Db } from '../server/db/client';
import { DEMO_IDS } from '../server/demo/demoIds';
import { sql } from 'drizzle-orm';
import { franchises, franchisePlans, requesters, riskManagers, serviceProviders, shippers, users } from '../server/db/schema';
import { CATALOGUE_IDS, fixedId } from '../server/demo/seedCatalogues';
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

function benchTenantOf(n: number): Tenant {
  const id = fixedId(0x70, n);
  return {
    id, shipper: fixedId(0x72, n), plan: fixedId(0x74, n), requester: fixedId(0x75, n),
    providers: [fixedId(0x71, n * 2), fixedId(0x71, n * 2 + 1)], share: 0.02,
    logins: [`gestor.bench${n}@bench.local`, `prestador.bench${n}@bench.local`],
  };
}

async function insertBenchTenant(db: Db, tenant: Tenant, n: number, passwordHash: string): Promise<void> {
  const { id, providers, shipper, plan, requester, logins } = tenant;
  await db.insert(riskManagers).values({ id, name: `Gerenciadora Bench ${n}` });
  await db.insert(serviceProviders).values(
    providers.map((p, i) => ({ id: p, riskManager: id, name: `Prestadora Bench ${n}${'AB'[i]}`, legalName: 'Bench Ltda', cnpj: `BENCH${n}${i}`, phone1: '11999990000' })),
  );
  await db.insert(shippers).values({ id: shipper, riskManager: id, name: `Embarcador Bench ${n}`, legalName: 'Bench S.A.', cnpj: `BENCHS${n}` });
  const service = fixedId(0x73, n);
  await db.insert(franchises).values({ id: service, riskManager: id, name: 'Pronta resposta', type: 'service_provider' });
  await db.insert(franchisePlans).values({
    id: plan, target: 'shipper', riskManager: id, shipper, franchise: service, name: 'Plano bench', priceCents: 40000, distanceKm: 100,
    intervalType: 'start_end', hourIntervalType: 'start_endOnPlace', time: '03:00', chargeType: 'fraction_time', distancePriceCents: 200, hourPriceCents: 8000,
  });
  await db.insert(requesters).values({ id: requester, riskManager: id, name: 'Central Bench' });
  await db.insert(users).values([
    { name: `Gestor Bench ${n}`, email: logins[0] ?? '', passwordHash, roleType: 'risk_manager', perfil: 'admin', riskManager: id },
    { name: `Prestador Bench ${n}`, email: logins[1] ?? '', passwordHash, roleType: 'service_provider', perfil: 'admin', riskManager: id, serviceProvider: providers[0] },
  ]);
}

/** The status of the i-th mission of a tenant: a year of operation, mostly finished and billed, a few open. */
const STATUS_OF = sql.raw(`case when i % 100 < 2 then 'open' when i % 100 < 7 then 'started' when i % 100 < 67 then 'finished'
  when i % 100 < 87 then 'billed' when i % 100 < 92 then 'billed_shipper' when i % 100 < 97 then 'billed_provider' else 'canceled' end`);
/** Missions inserted per statement (the tally triggers read each statement's rows at once). */
const BATCH = 50_000;
const YEAR_MS = 365 * 24 * 3600 * 1000;

/**
 * The missions `from` (inclusive) to `to` (exclusive) of `tenant`, created from `now` back over a
 * year, with their proposals, as INSERT … SELECT statements: a million rows in a few minutes, where
 * a row-by-row insert from here took tens. The id is the creation second and the mission's number,
 * so it is the same on every run and sorts by creation time, as newId()'s do.
 */
async function seedRange(db: Db, tenant: Tenant, n: number, from: number, to: number, now: number): Promise<void> {
  const [a, b] = tenant.providers;
  const span = to - from;
  for (let start = from; start < to; start += BATCH) {
    const end = Math.min(to, start + BATCH);
    const rows = sql`(select i, ${STATUS_OF} as status,
        to_timestamp((${now}::float8 - ((i - ${from})::float8 / ${span}) * ${YEAR_MS}) / 1000) as created_at,
        case when i % 2 = 0 then ${a} else ${b} end as holder, case when i % 2 = 0 then ${b} else ${a} end as other
      from generate_series(${start}::int, ${end - 1}::int) as i) as r`;
    const id = sql`lpad(to_hex(extract(epoch from r.created_at)::bigint), 8, '0') || lpad(to_hex(${n}::int), 4, '0') || lpad(to_hex(r.i), 12, '0')`;
    const taken = sql`r.status not in ('open', 'canceled')`;
    await db.execute(sql`insert into missions (id, risk_manager_id, process_number, shipper_id, franchise_plan_id, requester_id,
        zipcode, address, number, neighborhood, city, state, latitude, longitude, status, service_provider_id, created_at, updated_at)
      select ${id}, ${tenant.id}, 'B-' || r.i, ${tenant.shipper}, ${tenant.plan}, ${tenant.requester},
        '01310100', 'Avenida Paulista', (r.i % 2000)::text, 'Bela Vista', 'São Paulo', 'SP',
        -23.56 + (r.i % 100) / 1000.0, -46.65 + (r.i % 70) / 1000.0, r.status, case when ${taken} then r.holder end, r.created_at, r.created_at
      from ${rows}`);
    // Open missions with a notice from the other provider; 10% of the taken ones lost by it (its 'rejected' rows).
    await db.execute(sql`insert into proposals (id, mission_id, mission_created_at, risk_manager_id, service_provider_id, status,
        eta_time, eta_distance_km, created_at, updated_at)
      select substr(md5(${id} || p.provider || p.status), 1, 24), ${id}, r.created_at, ${tenant.id}, p.provider, p.status,
        p.eta, p.km, r.created_at, r.created_at
      from ${rows} cross join lateral (values
          (r.other, 'pending', null, null::float8, r.status = 'open' and r.i % 3 = 0),
          (r.holder, 'approved', '00:30', 10, ${taken} and r.i % 20 < 2),
          (r.other, 'rejected', '00:45', 18, ${taken} and r.i % 20 < 2)
        ) as p(provider, status, eta, km, made)
      where p.made`);
  }
}

function tenantsOf(): Tenant[] {
  // Norte's demo seed has no provider: two for the bench (benchTenants adds them).
  const norteProviders: [string, string] = [fixedId(0x71, 100), fixedId(0x71, 101)];
  const tenants: Tenant[] = [
    { id: DEMO_IDS.riskManager, shipper: CATALOGUE_IDS.shipperAndrade, plan: CATALOGUE_IDS.planAndrade, requester: fixedId(0x24, 1), providers: [DEMO_IDS.provider, DEMO_IDS.providerSul], share: 0.9, logins: ['gestor@demo.com.br', 'prestador@demo.com.br', 'prestador2@demo.com.br'] },
    { id: DEMO_IDS.riskManagerNorte, shipper: CATALOGUE_IDS.shipperNorte, plan: fixedId(0x41, 4), requester: CATALOGUE_IDS.requesterNorte, providers: norteProviders, share: 0.04, logins: ['gestor.norte@demo.com.br', 'prestador.norte@bench.local'] },
  ];
  for (let n = 1; n <= 3; n++) tenants.push(benchTenantOf(n));
  return tenants;
}

/** The missions of a load of `total`, numbered from `from` (the ones a smaller load already holds) for each tenant. */
async function seedMissions(db: Db, tenants: Tenant[], from: number, total: number, now: number): Promise<void> {
  for (const [n, tenant] of tenants.entries()) {
    await seedRange(db, tenant, n, Math.round(from * tenant.share), Math.round(total * tenant.share), now);
  }
}

/**
 * Grows a load seeded by seedMissionLoad from `from` to `total` missions: the new ones are spread
 * over the same year, so the result reads like a load of `total` seeded at once (ten times the rows
 * per day at ten times the size), and the bench measures both sizes on one seeding.
 */
export async function growMissionLoad(db: Db, from: number, total: number, now = Date.now()): Promise<void> {
  await seedMissions(db, tenantsOf(), from, total, now);
}

/**
 * `pollers`: at least this many distinct logins are returned, each a user of its own (risk-manager
 * and provider users spread over the tenants by their share of missions), so every poller is a
 * separate session with its own cached user and unread counts, as real screens are.
 */
export async function seedMissionLoad(db: Db, total = 100_000, now = Date.now(), pollers = 0): Promise<BenchTenants> {
  const passwordHash = await hashPassword('Demo@123');
  const tenants = tenantsOf();
  const norte = tenants[1]!;
  await db.insert(serviceProviders).values(
    norte.providers.map((p, i) => ({ id: p, riskManager: norte.id, name: `Prestadora Norte ${'AB'[i]}`, legalName: 'Norte Ltda', cnpj: `NORTE${i}`, phone1: '92999990000' })),
  );
  await db.insert(users).values({ name: 'Prestador Norte', email: 'prestador.norte@bench.local', passwordHash, roleType: 'service_provider', perfil: 'admin', riskManager: norte.id, serviceProvider: norte.providers[0] });
  for (const [n, tenant] of tenants.slice(2).entries()) await insertBenchTenant(db, tenant, n + 1, passwordHash);
  await seedMissions(db, tenants, 0, total, now);
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
