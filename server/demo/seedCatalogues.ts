import type { Db } from '../db/client';
import { DEMO_IDS } from './demoIds';
import {
  carriers,
  causes,
  cities,
  franchisePlans,
  franchises,
  leaderships,
  missionConfigs,
  places,
  requesters,
  shippers,
  states,
} from '../db/schema';

/**
 * Demo catalogues (docs/rules/catalogues.md): every Brazilian state with its capital and a few more cities, the
 * lookups of both demo tenants (Gerenciadora Norte gets a few of its own so tenant isolation shows),
 * three shippers with valid CNPJs (one in the new alphanumeric form), services and franchise plans.
 * Ids are fixed so tests and the README can name them.
 */

const RM_DEMO = DEMO_IDS.riskManager;
const RM_NORTE = DEMO_IDS.riskManagerNorte;
const PROVIDER_DEMO = DEMO_IDS.provider;
const PROVIDER_SUL = DEMO_IDS.providerSul;

/** '5f' + group (6 hex) + n (16 hex): 24 hex, never colliding with the user/tenant ids of seed.ts. */
export const fixedId = (group: number, n: number) =>
  `5f${group.toString(16).padStart(6, '0')}${n.toString(16).padStart(16, '0')}`;

export const CATALOGUE_IDS = {
  stateSaoPaulo: fixedId(0x10, 25),
  citySaoPaulo: fixedId(0x11, 25),
  causeRoubo: fixedId(0x20, 1),
  causeNorte: fixedId(0x20, 101),
  requesterNorte: fixedId(0x24, 101),
  shipperAndrade: fixedId(0x30, 1),
  shipperVale: fixedId(0x30, 2),
  shipperNexa: fixedId(0x30, 3),
  shipperNorte: fixedId(0x30, 101),
  serviceArmada: fixedId(0x40, 1),
  serviceEscolta: fixedId(0x40, 2),
  serviceNorte: fixedId(0x40, 101),
  planAndrade: fixedId(0x41, 1),
  planProvidersAll: fixedId(0x41, 11),
  missionConfigDemo: fixedId(0x50, 1),
} as const;

/** [state, capital, more cities…] — index + 1 is the state's fixed id number. */
const STATES: [string, string, ...string[]][] = [
  ['Acre', 'Rio Branco'],
  ['Alagoas', 'Maceió'],
  ['Amapá', 'Macapá'],
  ['Amazonas', 'Manaus'],
  ['Bahia', 'Salvador', 'Feira de Santana', 'Vitória da Conquista'],
  ['Ceará', 'Fortaleza'],
  ['Distrito Federal', 'Brasília'],
  ['Espírito Santo', 'Vitória', 'Vila Velha', 'Serra'],
  ['Goiás', 'Goiânia', 'Anápolis'],
  ['Maranhão', 'São Luís'],
  ['Mato Grosso', 'Cuiabá', 'Rondonópolis'],
  ['Mato Grosso do Sul', 'Campo Grande', 'Dourados'],
  ['Minas Gerais', 'Belo Horizonte', 'Uberlândia', 'Contagem', 'Juiz de Fora', 'Betim'],
  ['Pará', 'Belém', 'Marabá'],
  ['Paraíba', 'João Pessoa'],
  ['Paraná', 'Curitiba', 'Londrina', 'Maringá', 'Paranaguá'],
  ['Pernambuco', 'Recife', 'Jaboatão dos Guararapes'],
  ['Piauí', 'Teresina'],
  ['Rio de Janeiro', 'Rio de Janeiro', 'Niterói', 'Duque de Caxias', 'Resende'],
  ['Rio Grande do Norte', 'Natal'],
  ['Rio Grande do Sul', 'Porto Alegre', 'Caxias do Sul', 'Canoas'],
  ['Rondônia', 'Porto Velho'],
  ['Roraima', 'Boa Vista'],
  ['Santa Catarina', 'Florianópolis', 'Joinville', 'Itajaí'],
  ['São Paulo', 'São Paulo', 'Campinas', 'Guarulhos', 'Santos', 'Cajamar', 'São José dos Campos', 'Ribeirão Preto', 'Sorocaba'],
  ['Sergipe', 'Aracaju'],
  ['Tocantins', 'Palmas'],
];

const lookupRows = (group: number, riskManager: string, names: string[], first = 1) =>
  names.map((name, i) => ({ id: fixedId(group, first + i), riskManager, name }));

/** A plan with the money in cents (price 45000 = R$ 450,00). */
const plan = (p: {
  id: string;
  target: 'shipper' | 'service_provider';
  riskManager: string;
  shipper?: string;
  serviceProvider?: string | null;
  franchise: string;
  name: string;
  priceCents: number;
  distanceKm: number;
  time: string;
  hourPriceCents: number;
  distancePriceCents: number;
  tollToCharge?: boolean;
  tollPriceCents?: number;
}) => ({
  intervalType: 'start_end' as const,
  hourIntervalType: 'start_endOnPlace' as const,
  chargeType: 'fraction_time' as const,
  ...p,
  tollToCharge: p.tollToCharge ?? false,
  tollPriceCents: p.tollToCharge ? (p.tollPriceCents ?? 0) : 0,
});

export async function seedCatalogues(db: Db): Promise<void> {
  await db.insert(states).values(STATES.map(([name], i) => ({ id: fixedId(0x10, i + 1), name })));
  // Capitals take the state's number (São Paulo city = state 25); other cities follow from 100.
  let extra = 100;
  await db.insert(cities).values(
    STATES.flatMap(([, capital, ...others], i) => [
      { id: fixedId(0x11, i + 1), state: fixedId(0x10, i + 1), name: capital },
      ...others.map((name) => ({ id: fixedId(0x11, extra++), state: fixedId(0x10, i + 1), name })),
    ]),
  );

  await db.insert(causes).values([
    ...lookupRows(0x20, RM_DEMO, [
      'Roubo de carga',
      'Desvio de rota',
      'Parada indevida',
      'Perda de sinal do rastreador',
      'Violação de baú',
      'Desengate de carreta',
      'Botão de pânico acionado',
    ]),
    ...lookupRows(0x20, RM_NORTE, ['Carga retida em balsa'], 101),
  ]);
  await db.insert(carriers).values([
    ...lookupRows(0x21, RM_DEMO, ['Expresso Bandeirantes', 'Rodoviário Vale do Paraíba', 'TransLog Cargas', 'Via Sul Transportes']),
    ...lookupRows(0x21, RM_NORTE, ['Transportes Rio Negro'], 101),
  ]);
  await db.insert(places).values(
    lookupRows(0x22, RM_DEMO, ['Porto de Santos', 'Centro de distribuição Cajamar', 'Rodovia Presidente Dutra', 'Rodovia Régis Bittencourt', 'Pátio Guarulhos']),
  );
  await db.insert(leaderships).values(
    lookupRows(0x23, RM_DEMO, ['Coordenação Sudeste', 'Supervisão Noturna', 'Gerência de Operações']),
  );
  await db.insert(requesters).values([
    ...lookupRows(0x24, RM_DEMO, ['Central de Monitoramento', 'Seguradora Atlântica', 'Análise de Risco', 'Cliente (embarcador)']),
    ...lookupRows(0x24, RM_NORTE, ['Central Norte de Monitoramento', 'Seguradora Amazônia'], 101),
  ]);

  // CNPJ check digits verified with isValidCnpj; 12ABC345000188 is the new alphanumeric form.
  await db.insert(shippers).values([
    { id: CATALOGUE_IDS.shipperAndrade, riskManager: RM_DEMO, name: 'Andrade Alimentos', legalName: 'Andrade Indústria de Alimentos S.A.', cnpj: '33683930000146' },
    { id: CATALOGUE_IDS.shipperVale, riskManager: RM_DEMO, name: 'Vale Eletrônicos', legalName: 'Vale Comércio de Eletrônicos Ltda', cnpj: '07626028000188' },
    { id: CATALOGUE_IDS.shipperNexa, riskManager: RM_DEMO, name: 'Nexa Farma', legalName: 'Nexa Distribuidora Farmacêutica Ltda', cnpj: '12ABC345000188' },
    { id: CATALOGUE_IDS.shipperNorte, riskManager: RM_NORTE, name: 'Amazônia Pescados', legalName: 'Amazônia Pescados e Frigorífico Ltda', cnpj: '60446212000129' },
  ]);

  await db.insert(franchises).values([
    { id: CATALOGUE_IDS.serviceArmada, riskManager: RM_DEMO, name: 'Pronta resposta armada', type: 'service_provider' },
    { id: CATALOGUE_IDS.serviceEscolta, riskManager: RM_DEMO, name: 'Escolta veicular', type: 'service_provider' },
    { id: fixedId(0x40, 3), riskManager: RM_DEMO, name: 'Averiguação', type: 'service_provider' },
    { id: CATALOGUE_IDS.serviceNorte, riskManager: RM_NORTE, name: 'Pronta resposta fluvial', type: 'service_provider' },
  ]);

  await db.insert(franchisePlans).values([
    // What the shippers pay the tenant.
    plan({ id: CATALOGUE_IDS.planAndrade, target: 'shipper', riskManager: RM_DEMO, shipper: CATALOGUE_IDS.shipperAndrade, franchise: CATALOGUE_IDS.serviceArmada, name: 'Pronta resposta padrão', priceCents: 45000, distanceKm: 100, time: '03:00', hourPriceCents: 9000, distancePriceCents: 250 }),
    plan({ id: fixedId(0x41, 2), target: 'shipper', riskManager: RM_DEMO, shipper: CATALOGUE_IDS.shipperAndrade, franchise: CATALOGUE_IDS.serviceEscolta, name: 'Escolta até o destino', priceCents: 120000, distanceKm: 300, time: '06:00', hourPriceCents: 15000, distancePriceCents: 380, tollToCharge: true, tollPriceCents: 4590 }),
    plan({ id: fixedId(0x41, 3), target: 'shipper', riskManager: RM_DEMO, shipper: CATALOGUE_IDS.shipperVale, franchise: CATALOGUE_IDS.serviceArmada, name: 'Pronta resposta eletrônicos', priceCents: 52000, distanceKm: 80, time: '02:30', hourPriceCents: 11000, distancePriceCents: 290 }),
    plan({ id: fixedId(0x41, 4), target: 'shipper', riskManager: RM_NORTE, shipper: CATALOGUE_IDS.shipperNorte, franchise: CATALOGUE_IDS.serviceNorte, name: 'Atendimento fluvial', priceCents: 78000, distanceKm: 150, time: '04:00', hourPriceCents: 13000, distancePriceCents: 410 }),
    // What the tenant pays its providers: one for every provider ('Todos'), one for a given provider.
    plan({ id: CATALOGUE_IDS.planProvidersAll, target: 'service_provider', riskManager: RM_DEMO, serviceProvider: null, franchise: CATALOGUE_IDS.serviceArmada, name: 'Tabela geral de prestadores', priceCents: 30000, distanceKm: 100, time: '03:00', hourPriceCents: 6500, distancePriceCents: 180 }),
    plan({ id: fixedId(0x41, 12), target: 'service_provider', riskManager: RM_DEMO, serviceProvider: PROVIDER_DEMO, franchise: CATALOGUE_IDS.serviceArmada, name: 'Pronta Resposta Demo — armada', priceCents: 32000, distanceKm: 120, time: '03:00', hourPriceCents: 7000, distancePriceCents: 190, tollToCharge: true, tollPriceCents: 2280 }),
    plan({ id: fixedId(0x41, 13), target: 'service_provider', riskManager: RM_DEMO, serviceProvider: PROVIDER_SUL, franchise: CATALOGUE_IDS.serviceEscolta, name: 'Escolta Sul — escolta', priceCents: 85000, distanceKm: 250, time: '05:00', hourPriceCents: 11000, distancePriceCents: 300 }),
  ]);

  // Gerenciadora Norte has no row on purpose (and so no SLA targets): its configs are created (all false) on first read.
  await db.insert(missionConfigs).values([
    {
      id: CATALOGUE_IDS.missionConfigDemo,
      riskManager: RM_DEMO,
      requiredCause: true,
      requiredCarrier: true,
      slaProposal: DEMO_SLA_TARGETS.proposal,
      slaAccept: DEMO_SLA_TARGETS.accept,
      slaArrival: DEMO_SLA_TARGETS.arrival,
      slaExecution: DEMO_SLA_TARGETS.execution,
      slaBilling: DEMO_SLA_TARGETS.billing,
    },
  ]);
}

/**
 * Gerenciadora Demo's SLA targets (minutes). With the demo missions' ages (seedMissions.ts) the
 * monitoring table shows right after `npm start` a green clock (open, 30 of 60 min to a first
 * proposal), an amber one (40 of 45 min to accept) and red ones (arrivals past the ETA, billing
 * past a day), whose breaches the server's first sweep writes on their timelines.
 */
export const DEMO_SLA_TARGETS = { proposal: 60, accept: 45, arrival: 15, execution: 240, billing: 1440 } as const;
