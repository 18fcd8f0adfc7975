import type { MissionEventAction, ProposalStatus, StoredMissionStatus } from '../../src/domain/missions';
import type { RoleType } from '../../src/domain/roles';
import { canonicalEvent } from '../../src/domain/reports/chain';
import { splitPersonal } from '../../src/domain/privacy/eventPersonal';
import type { Db } from '../db/client';
import { DEMO_IDS } from './demoIds';
import { newPersonalKey, personalDigest, sha256Hex } from '../db/eventChain';
import { newId } from '../db/ids';
import { missionEventPersonal, missionEvents, missions, proposals } from '../db/schema';
import { seedBillings, seedRunningAgents } from './seedBillings';
import { CATALOGUE_IDS, fixedId } from './seedCatalogues';

/**
 * Demo missions (docs/rules/missions.md): one in every status for Gerenciadora Demo, so every row action can be
 * tried right after `npm start` — open without proposals, open with a notice and a complete
 * proposal, started with a finish request (Escolta Sul's proposal lost: it sees 'Outro fornecedor
 * definido'), started by Escolta Sul, finished, billed, canceled, the shipper billed and the
 * provider not yet (held by Escolta Sul) — and one open mission of Gerenciadora Norte. Each
 * carries the events its history would have written; the finished and billed ones their agents
 * and billing sides, the started ones an agent whose return is still ahead (seedBillings.ts).
 */

export const MISSION_IDS = {
  open: fixedId(0x60, 1),
  openWithProposals: fixedId(0x60, 2),
  startedFinishAsked: fixedId(0x60, 3),
  startedBySul: fixedId(0x60, 4),
  finished: fixedId(0x60, 5),
  billed: fixedId(0x60, 6),
  canceled: fixedId(0x60, 7),
  billedShipper: fixedId(0x60, 8),
  norte: fixedId(0x60, 101),
} as const;

type Who = 'gestor' | 'demo' | 'sul' | 'norte';
const ACTORS: Record<Who, { id: string; name: string; roleType: RoleType }> = {
  gestor: { id: '5f0000000000000000001002', name: 'Gestor Demo', roleType: 'risk_manager' },
  demo: { id: '5f0000000000000000001005', name: 'Prestador Demo', roleType: 'service_provider' },
  sul: { id: '5f0000000000000000001006', name: 'Prestador Sul', roleType: 'service_provider' },
  norte: { id: '5f0000000000000000001007', name: 'Gestor Norte', roleType: 'risk_manager' },
};
const PROVIDERS = {
  demo: { id: DEMO_IDS.provider, name: 'Pronta Resposta Demo' },
  sul: { id: DEMO_IDS.providerSul, name: 'Escolta Sul' },
} as const;

const PLACES = [
  { zipcode: '01310100', address: 'Avenida Paulista', number: '1578', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP', latitude: -23.5614, longitude: -46.6559 },
  { zipcode: '07750000', address: 'Rodovia Anhanguera, km 33', number: 'Pátio 2', neighborhood: 'Jordanésia', city: 'Cajamar', state: 'SP', latitude: -23.3556, longitude: -46.8769 },
  { zipcode: '11013560', address: 'Avenida Perimetral', number: 'Armazém 12', neighborhood: 'Centro', city: 'Santos', state: 'SP', latitude: -23.9682, longitude: -46.3289 },
  { zipcode: '07190100', address: 'Rodovia Hélio Smidt', number: 's/n', neighborhood: 'Cumbica', city: 'Guarulhos', state: 'SP', latitude: -23.4322, longitude: -46.4692 },
];

interface Step {
  who: Who;
  action: MissionEventAction;
  from?: StoredMissionStatus;
  to?: StoredMissionStatus;
  provider?: keyof typeof PROVIDERS;
}

interface DemoMission {
  id: string;
  status: StoredMissionStatus;
  hoursAgo: number;
  holder?: keyof typeof PROVIDERS;
  finishingAsked?: boolean;
  proposals?: Partial<Record<keyof typeof PROVIDERS, ProposalStatus>>;
  steps: Step[];
}

const created: Step = { who: 'gestor', action: 'created', to: 'open' };
const notice = (p: keyof typeof PROVIDERS): Step => ({ who: p, action: 'proposal_notice', provider: p });
const complete = (p: keyof typeof PROVIDERS): Step => ({ who: p, action: 'proposal_completed', provider: p });
const accepted = (p: keyof typeof PROVIDERS): Step => ({ who: 'gestor', action: 'accepted', from: 'open', to: 'started', provider: p });
const finished = (p: keyof typeof PROVIDERS): Step => ({ who: p, action: 'finished', from: 'started', to: 'finished', provider: p });
const billedShipper = (p: keyof typeof PROVIDERS): Step => ({ who: 'gestor', action: 'billed_shipper', from: 'finished', to: 'billed_shipper', provider: p });
const billedProvider = (p: keyof typeof PROVIDERS): Step => ({ who: p, action: 'billed_provider', from: 'billed_shipper', to: 'billed', provider: p });

const DEMO_MISSIONS: DemoMission[] = [
  { id: MISSION_IDS.open, status: 'open', hoursAgo: 0.5, steps: [created] },
  {
    id: MISSION_IDS.openWithProposals,
    status: 'open',
    hoursAgo: 1,
    proposals: { sul: 'pending', demo: 'completed' },
    steps: [created, notice('sul'), complete('demo')],
  },
  {
    id: MISSION_IDS.startedFinishAsked,
    status: 'started',
    hoursAgo: 3,
    holder: 'demo',
    finishingAsked: true,
    proposals: { sul: 'rejected', demo: 'approved' },
    steps: [created, complete('sul'), complete('demo'), accepted('demo'), { who: 'demo', action: 'finish_asked', from: 'started', to: 'started', provider: 'demo' }],
  },
  {
    id: MISSION_IDS.startedBySul,
    status: 'started',
    hoursAgo: 5,
    holder: 'sul',
    proposals: { sul: 'approved' },
    steps: [created, complete('sul'), accepted('sul')],
  },
  {
    id: MISSION_IDS.finished,
    status: 'finished',
    hoursAgo: 26,
    holder: 'demo',
    proposals: { demo: 'approved' },
    steps: [created, complete('demo'), accepted('demo'), finished('demo')],
  },
  {
    id: MISSION_IDS.billed,
    status: 'billed',
    hoursAgo: 72,
    holder: 'demo',
    proposals: { demo: 'approved' },
    steps: [created, complete('demo'), accepted('demo'), finished('demo'), billedShipper('demo'), billedProvider('demo')],
  },
  {
    id: MISSION_IDS.canceled,
    status: 'canceled',
    hoursAgo: 48,
    proposals: { sul: 'pending' },
    steps: [created, notice('sul'), { who: 'gestor', action: 'canceled', from: 'open', to: 'canceled' }],
  },
  {
    id: MISSION_IDS.billedShipper,
    status: 'billed_shipper',
    hoursAgo: 50,
    holder: 'sul',
    proposals: { sul: 'approved' },
    steps: [created, complete('sul'), accepted('sul'), finished('sul'), billedShipper('sul')],
  },
];

const proposalLocation = (i: number) => PLACES[(i + 1) % PLACES.length];

export async function seedMissions(db: Db, now = new Date()): Promise<void> {
  const at = (hoursAgo: number, step = 0) => new Date(now.getTime() - hoursAgo * 3_600_000 + step * 600_000);
  const demo = DEMO_MISSIONS.map((m, i) => ({
    id: m.id,
    riskManager: DEMO_IDS.riskManager,
    processNumber: `DEMO-${String(i + 1).padStart(4, '0')}`,
    shipper: CATALOGUE_IDS.shipperAndrade,
    franchisePlan: CATALOGUE_IDS.planAndrade,
    requester: fixedId(0x24, 1),
    // Gerenciadora Demo's parameters require cause and carrier.
    cause: CATALOGUE_IDS.causeRoubo,
    carrier: fixedId(0x21, 1 + (i % 4)),
    place: i % 2 === 0 ? fixedId(0x22, 1 + (i % 5)) : null,
    ...PLACES[i % PLACES.length],
    status: m.status,
    serviceProvider: m.holder ? PROVIDERS[m.holder].id : null,
    finishingAsked: m.finishingAsked ?? false,
    createdAt: at(m.hoursAgo),
    updatedAt: at(m.hoursAgo, m.steps.length),
  }));
  await db.insert(missions).values([
    ...demo,
    {
      id: MISSION_IDS.norte,
      riskManager: DEMO_IDS.riskManagerNorte,
      processNumber: 'NORTE-0001',
      shipper: CATALOGUE_IDS.shipperNorte,
      franchisePlan: fixedId(0x41, 4),
      requester: CATALOGUE_IDS.requesterNorte,
      zipcode: '69005010',
      address: 'Avenida Eduardo Ribeiro',
      number: '520',
      neighborhood: 'Centro',
      city: 'Manaus',
      state: 'AM',
      latitude: -3.1316,
      longitude: -60.0233,
      status: 'open',
      createdAt: at(2),
      updatedAt: at(2),
    },
  ]);

  const proposalRows = DEMO_MISSIONS.flatMap((m, i) =>
    Object.entries(m.proposals ?? {}).map(([p, status], j) => {
      const provider = PROVIDERS[p as keyof typeof PROVIDERS];
      const place = proposalLocation(i + j);
      const full = status !== 'pending';
      return {
        id: fixedId(0x61, i * 10 + j + 1),
        mission: m.id,
        missionCreatedAt: at(m.hoursAgo),
        riskManager: DEMO_IDS.riskManager,
        serviceProvider: provider.id,
        status,
        etaTime: full ? `00:${String(25 + j * 10)}` : null,
        etaDistanceKm: full ? 8.5 + j * 6 : null,
        ...(full ? place : {}),
        createdAt: at(m.hoursAgo, 1 + j),
        updatedAt: at(m.hoursAgo, 1 + j),
      };
    }),
  );
  await db.insert(proposals).values(proposalRows);

  const eventRows = [
    ...DEMO_MISSIONS.flatMap((m) => m.steps.map((step, k) => ({ m, step, k }))),
    { m: { id: MISSION_IDS.norte, hoursAgo: 2 }, step: { ...created, who: 'norte' as const }, k: 0 },
  ].map(({ m, step, k }) => {
    const actor = ACTORS[step.who];
    const provider = step.provider ? PROVIDERS[step.provider] : null;
    const personal = splitPersonal(step.action, actor.name, null);
    const key = newPersonalKey();
    return {
      id: newId(),
      mission: m.id,
      actorUser: actor.id,
      actorName: personal.actorName,
      roleType: actor.roleType,
      action: step.action,
      fromStatus: step.from ?? null,
      toStatus: step.to ?? null,
      serviceProvider: provider?.id ?? null,
      serviceProviderName: provider?.name ?? null,
      details: null,
      createdAt: at(m.hoursAgo, k),
      chainVersion: 2,
      personalDigest: personalDigest(key, personal.values),
      personal: { key, values: personal.values },
    };
  });
  // In timeline order: the log is read back by insertion order (seq).
  eventRows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  // Each event chained to its mission's previous one, as recordEvent writes them.
  const heads = new Map<string, string>();
  const chained = eventRows.map(({ personal: _personal, ...row }) => {
    const prevHash = heads.get(row.mission) ?? null;
    const hash = sha256Hex(canonicalEvent(row, prevHash));
    heads.set(row.mission, hash);
    return { ...row, prevHash, hash };
  });
  await db.insert(missionEvents).values(chained);
  await db.insert(missionEventPersonal).values(eventRows.map((row) => ({ event: row.id, mission: row.mission, ...row.personal })));
  await seedBillings(db, [MISSION_IDS.finished, MISSION_IDS.billed, MISSION_IDS.billedShipper], now);
  await seedRunningAgents(db, [MISSION_IDS.startedFinishAsked, MISSION_IDS.startedBySul], now);
}
