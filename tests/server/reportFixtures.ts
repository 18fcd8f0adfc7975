import type { StoredMissionStatus } from '../../src/domain/missions/statuses';
import type { Db } from '../../server/db/client';
import { missionBillings, missionVehicles, missions } from '../../server/db/schema';
import { DEMO_IDS } from '../../server/demo/seed';
import { CATALOGUE_IDS, fixedId } from '../../server/demo/seedCatalogues';

/**
 * Billed missions for the report tests, written straight to the tables (billing routes are
 * another service's): a mission, two vehicles (the report shows the first) and both billing sides
 * with the calculus's answer stored, different per side so a test sees which side it reads.
 */
export interface ReportMission {
  tenant?: 'demo' | 'norte';
  status?: StoredMissionStatus;
  createdAt: Date;
  processNumber?: string | null;
  shipper?: string;
  provider?: string | null;
  /** The first vehicle's plate; null: no vehicle. */
  plate?: string | null;
  /** Seed of the side's numbers: every value derives from it. */
  n?: number;
  city?: string;
}

const TENANTS = {
  demo: {
    riskManager: DEMO_IDS.riskManager,
    shipper: CATALOGUE_IDS.shipperAndrade,
    plan: CATALOGUE_IDS.planAndrade,
    requester: fixedId(0x24, 1),
    cause: CATALOGUE_IDS.causeRoubo,
    carrier: fixedId(0x21, 1),
    place: fixedId(0x22, 1),
    leadership: fixedId(0x23, 1),
  },
  norte: {
    riskManager: DEMO_IDS.riskManagerNorte,
    shipper: CATALOGUE_IDS.shipperNorte,
    plan: fixedId(0x41, 4),
    requester: CATALOGUE_IDS.requesterNorte,
    cause: CATALOGUE_IDS.causeNorte,
    carrier: fixedId(0x21, 101),
    place: null,
    leadership: null,
  },
} as const;

export const sideValues = (n: number, side: 'shipper' | 'serviceProvider') => {
  const k = side === 'shipper' ? 1 : 2;
  return {
    priceCents: 10_000 * k + n,
    planTollCents: 500 * k,
    tollCents: 120 * k,
    expensesCents: 3_000 + n,
    additionsCents: 250,
    discountsCents: 100 * k,
    timeUsageMinutes: 200 + n,
    timeLimitMinutes: 180,
    timeOverageMinutes: 20 + n,
    timeOverageCents: 4_000 * k,
    distanceUsageMetres: 123_456 + n,
    distanceLimitMetres: 100_000,
    distanceOverageMetres: 23_456 + n,
    distanceOverageCents: 1_999 * k,
    startDistanceMetres: 1_000_000 + n,
    endDistanceMetres: 1_123_456 + 2 * n,
    finalCostCents: 20_000 * k + n,
    status: 'priced' as const,
  };
};

export async function insertReportMission(db: Db, m: ReportMission): Promise<string> {
  const t = TENANTS[m.tenant ?? 'demo'];
  const n = m.n ?? 0;
  const provider = m.provider === undefined ? (m.tenant === 'norte' ? null : DEMO_IDS.provider) : m.provider;
  const shipper = m.shipper ?? t.shipper;
  const [row] = await db
    .insert(missions)
    .values({
      riskManager: t.riskManager,
      processNumber: m.processNumber === undefined ? `PR-${n}` : m.processNumber,
      shipper,
      franchisePlan: t.plan,
      requester: t.requester,
      cause: t.cause,
      carrier: t.carrier,
      place: t.place,
      leadership: t.leadership,
      status: m.status ?? 'finished',
      serviceProvider: provider,
      city: m.city ?? 'São Paulo',
      state: 'SP',
      createdAt: m.createdAt,
    })
    .returning({ id: missions.id });
  if (!row) throw new Error('mission not inserted');
  if (m.plate !== null) {
    await db.insert(missionVehicles).values([
      { mission: row.id, driver: 'João', type: 'truck', plate: m.plate ?? `ABC1D${String(n % 100).padStart(2, '0')}`, createdAt: new Date(m.createdAt.getTime() + 1_000) },
      { mission: row.id, driver: 'Ana', type: 'car', plate: 'ZZZ9Z99', createdAt: new Date(m.createdAt.getTime() + 2_000) },
    ]);
  }
  const window = { windowStart: new Date(m.createdAt.getTime() + 30 * 60_000), windowEnd: new Date(m.createdAt.getTime() + 4 * 3_600_000) };
  await db.insert(missionBillings).values([
    { mission: row.id, riskManager: t.riskManager, type: 'shipper', company: shipper, missionCreatedAt: m.createdAt, ...window, ...sideValues(n, 'shipper') },
    {
      mission: row.id,
      riskManager: t.riskManager,
      type: 'serviceProvider',
      company: provider ?? DEMO_IDS.providerSul,
      missionCreatedAt: m.createdAt,
      ...window,
      ...sideValues(n, 'serviceProvider'),
    },
  ]);
  return row.id;
}
