import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { PDFParse } from 'pdf-parse';
import { expect } from 'vitest';
import type { Db } from '../../server/db/client';
import { missionAgents, missionAttachments, missionBillings, missionOccurrences, missions, missionVehicles } from '../../server/db/schema';

/**
 * What a mission PDF prints, written straight to the tables (the details and billing routes are
 * other services'): two agents with their odometers, a vehicle, an occurrence, an attachment and
 * both billing sides priced. The expected texts are what the PDF must show for them.
 */
export const DOSSIER_EXPECTED = {
  agents: ['Agente Alfa', 'Agente Beta'],
  /** Per-agent totals start → end (src/domain/billing/totals.ts). */
  agentTotals: [
    { km: '30,2 km', time: '02:55' },
    { km: '45 km', time: '02:45' },
  ],
  plate: 'ABC1D23',
  occurrence: 'Tentativa de abordagem na marginal',
  /** The CEPs as people write them: the mission's (stored 01310100) and the occurrence's (02011000). */
  ceps: ['01310-100', '02011-000'],
  attachment: 'Foto do lacre',
  finalCost: { shipper: 'R$ 1.234,56', provider: 'R$ 654,32' },
} as const;

const at = (hhmm: string) => `2026-03-05T${hhmm}:00.000Z`;

export async function fillDossier(db: Db, mission: string): Promise<void> {
  const [row] = await db.select().from(missions).where(eq(missions.id, mission));
  if (!row) throw new Error('no mission');
  const created = (ms: number) => new Date(Date.UTC(2026, 2, 5, 15, 0, 0, ms));
  await db.insert(missionAgents).values([
    {
      mission,
      name: 'Agente Alfa',
      odometer: {
        start: { km: 1000, time: at('12:00') },
        arrivalOnPlace: { km: 1012.5, time: at('12:40') },
        endOnPlace: { km: 1012.5, time: at('14:10') },
        end: { km: 1030.2, time: at('14:55') },
      },
      createdAt: created(1),
    },
    {
      mission,
      name: 'Agente Beta',
      odometer: {
        start: { km: 500, time: at('12:05') },
        arrivalOnPlace: { km: 520, time: at('12:50') },
        endOnPlace: null,
        end: { km: 545, time: at('14:50') },
      },
      createdAt: created(2),
    },
  ]);
  await db.insert(missionVehicles).values({
    mission,
    driver: 'João Motorista',
    type: 'truck',
    plate: 'ABC1D23',
    make: 'Volvo',
    model: 'FH 540',
    year: 2022,
    color: 'Branco',
    createdAt: created(3),
  });
  await db.insert(missionOccurrences).values({
    mission,
    date: new Date(at('13:15')),
    type: 'suspicious',
    description: 'Tentativa de abordagem na marginal',
    city: 'São Paulo',
    state: 'SP',
    address: 'Marginal Tietê',
    zipcode: '02011000',
    createdAt: created(4),
  });
  await db.insert(missionAttachments).values({
    mission,
    description: 'Foto do lacre',
    file: 'lacre-0001.jpg',
    mime: 'image/jpeg',
    size: 2048,
    createdAt: created(5),
  });
  const side = {
    mission,
    riskManager: row.riskManager,
    missionCreatedAt: row.createdAt,
    franchisePlan: row.franchisePlan,
    status: 'priced' as const,
    timeUsageMinutes: 175,
    timeLimitMinutes: 120,
    timeOverageMinutes: 55,
    distanceUsageMetres: 75200,
    distanceLimitMetres: 50000,
    distanceOverageMetres: 25200,
    startDistanceMetres: 500000,
    endDistanceMetres: 1030200,
    windowStart: new Date(at('12:00')),
    windowEnd: new Date(at('14:55')),
  };
  // Finishing the mission already created its two sides (server/billing/missionBilling); these figures replace them.
  await db.delete(missionBillings).where(eq(missionBillings.mission, mission));
  await db.insert(missionBillings).values([
    {
      ...side,
      type: 'shipper',
      company: row.shipper,
      priceCents: 90000,
      timeOverageCents: 15000,
      distanceOverageCents: 12600,
      tollCents: 3456,
      expensesCents: 2000,
      additionsCents: 1400,
      discountsCents: 1000,
      finalCostCents: 123456,
    },
    {
      ...side,
      type: 'serviceProvider',
      company: row.serviceProvider ?? row.riskManager,
      priceCents: 50000,
      timeOverageCents: 8000,
      distanceOverageCents: 6432,
      finalCostCents: 65432,
    },
  ]);
}

/** A PDF answer's text per page (pdf-parse), after checking it is one. */
export async function pagesOf(response: LightMyRequestResponse): Promise<string[]> {
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  const parser = new PDFParse({ data: new Uint8Array(response.rawPayload) });
  try {
    return (await parser.getText()).pages.map((page) => page.text);
  } finally {
    await parser.destroy();
  }
}

export const textOf = async (response: LightMyRequestResponse) => (await pagesOf(response)).join('\n');
