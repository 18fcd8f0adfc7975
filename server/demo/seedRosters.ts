import { eq } from 'drizzle-orm';
import { saoPauloDay } from '../../src/domain/agents/licence';
import { cpfCheckDigits } from '../../src/domain/validators/cpf';
import type { Db } from '../db/client';
import { rosterAgents, serviceProviders } from '../db/schema';
import { DEMO_IDS } from './demoIds';
import { fixedId } from './seedCatalogues';

/**
 * The demo's licensed agents (docs/rules/agents.md), dated from the day it is seeded: Escolta Sul
 * keeps a roster with an agent whose CNV is valid, one expiring within the warning window and one
 * expired, so the picker, the notice and the refusal all show; Pronta Resposta Demo has a valid
 * Polícia Federal authorisation and no roster yet, so its team still types names ('sem cadastro').
 */

const DAY_MS = 86_400_000;
const dayFrom = (now: Date, days: number) => saoPauloDay(new Date(now.getTime() + days * DAY_MS));
const cpf = (base: string) => `${base}${cpfCheckDigits(base)}`;

export const DEMO_ROSTER_IDS = {
  valid: fixedId(0x70, 1),
  expiring: fixedId(0x70, 2),
  expired: fixedId(0x70, 3),
} as const;

export async function seedRosters(db: Db, now = new Date()): Promise<void> {
  await db
    .update(serviceProviders)
    .set({ pfAuthorizationNumber: 'PF-2024/0815', pfAuthorizationValidUntil: dayFrom(now, 730) })
    .where(eq(serviceProviders.id, DEMO_IDS.provider));
  await db.insert(rosterAgents).values([
    { id: DEMO_ROSTER_IDS.valid, serviceProvider: DEMO_IDS.providerSul, name: 'Ricardo Almeida', cpf: cpf('529982247'), cnvNumber: 'CNV-100234', cnvValidUntil: dayFrom(now, 400), refresherOn: dayFrom(now, -120) },
    { id: DEMO_ROSTER_IDS.expiring, serviceProvider: DEMO_IDS.providerSul, name: 'Paulo Mendes', cpf: cpf('111444777'), cnvNumber: 'CNV-100871', cnvValidUntil: dayFrom(now, 20), refresherOn: dayFrom(now, -700) },
    { id: DEMO_ROSTER_IDS.expired, serviceProvider: DEMO_IDS.providerSul, name: 'Sérgio Lima', cpf: cpf('390533447'), cnvNumber: 'CNV-099012', cnvValidUntil: dayFrom(now, -10), refresherOn: null },
  ]);
}
