/**
 * Provider scorecards (ours; GET /api/reports/scorecards…): how each provider of a risk manager
 * performed over a period — the funnel (missions offered, proposals sent, missions won), speed
 * (time to acceptance, ETA kept), failures (SLA breaches, cancellations) and money (average cost
 * per mission, billed total) — month by month and as a ranking. The server counts everything from
 * the mission event log (server/reports/scorecardData.ts) as additive tallies; this module turns
 * tallies into the figures both the screens and the Excel export show, so they never disagree.
 *
 * The period is the missions' creation instant (as the dashboard's), its months São Paulo months.
 * Who sees what: a risk manager's admin users every provider of their tenant, platform admins
 * every provider, a provider's admin users their own scorecard only — never a ranking, since a
 * position says something about the others.
 */
import { canUseMissions } from '../permissions';
import type { Role } from '../roles';
import type { FromSchema } from '../fromSchema';
import type { figuresSchema, rankingSchema, scorecardSchema } from './scorecardSchemas';

type MaybeRole = Role | null | undefined;

export const SCORECARD_PATHS = {
  /** GET ?start&end → ScorecardRanking (risk managers and platform admins). */
  ranking: 'scorecards',
  /** GET ?start&end → the ranking as .xlsx. */
  rankingExcel: 'scorecards/excel',
  /** GET ?start&end → ProviderScorecard (a provider: its own id only). */
  one: 'scorecards/:id',
  /** GET ?start&end → the provider's months as .xlsx. */
  oneExcel: 'scorecards/:id/excel',
} as const;

/** Who may open the scorecards: admin-profile users with the missions area (the Relatórios rule, providers included for their own). */
export const canSeeScorecards = (role: MaybeRole): boolean => !!role && role.perfil === 'admin' && canUseMissions(role);

/** Whether the role sees every provider's scorecard (the ranking) rather than its own only. */
export const seesRanking = (role: MaybeRole): boolean => canSeeScorecards(role) && role?.type !== 'service_provider';

/**
 * What the server counts per provider and month; every field adds up across months, so the
 * period's totals are the sum of its months.
 */
export interface ScorecardTally {
  /** Missions of the tenant created in the month (every one is offered to each of its providers). */
  offered: number;
  /** Missions the provider sent a proposal on ('proposal_completed'). */
  proposals: number;
  /** Missions whose acceptance named the provider ('accepted'). */
  won: number;
  /** Sum and count of the minutes from creation to the provider's (last) acceptance. */
  acceptMinutesSum: number;
  acceptCount: number;
  /** Held missions with both a promised and an actual arrival, and those on time. */
  etaMeasured: number;
  etaKept: number;
  /** Breach events of the mission timeline (SLA_BREACH_ACTIONS, src/domain/missions/sla.ts). */
  slaBreaches: number;
  /** Held missions that were canceled. */
  cancellations: number;
  /** The provider's billing side, priced or billed: how many and their sum (cents). */
  costedMissions: number;
  costCentsSum: number;
  /** The provider's billing side, billed: how many and their sum (cents). */
  billedMissions: number;
  billedCents: number;
}

export const EMPTY_TALLY: ScorecardTally = {
  offered: 0,
  proposals: 0,
  won: 0,
  acceptMinutesSum: 0,
  acceptCount: 0,
  etaMeasured: 0,
  etaKept: 0,
  slaBreaches: 0,
  cancellations: 0,
  costedMissions: 0,
  costCentsSum: 0,
  billedMissions: 0,
  billedCents: 0,
};

export function addTallies(a: ScorecardTally, b: ScorecardTally): ScorecardTally {
  const sum = { ...a };
  for (const key of Object.keys(EMPTY_TALLY) as (keyof ScorecardTally)[]) sum[key] = a[key] + b[key];
  return sum;
}

/**
 * The figures a scorecard shows (scorecardSchemas.ts): avgAcceptMinutes, the mean minutes from the
 * mission's creation to the provider's acceptance (null when it won none); etaKeptRate, the share
 * (0..1) of measurable held missions where the team arrived by acceptance + ETA (null when none was
 * measurable); avgCostCents, the mean final cost (cents, rounded half up) of its priced or billed
 * sides (null when none).
 */
export type ScorecardFigures = FromSchema<typeof figuresSchema>;

export function figuresOf(t: ScorecardTally): ScorecardFigures {
  return {
    offered: t.offered,
    proposals: t.proposals,
    won: t.won,
    avgAcceptMinutes: t.acceptCount === 0 ? null : t.acceptMinutesSum / t.acceptCount,
    etaKeptRate: t.etaMeasured === 0 ? null : t.etaKept / t.etaMeasured,
    slaBreaches: t.slaBreaches,
    cancellations: t.cancellations,
    avgCostCents: t.costedMissions === 0 ? null : Math.round(t.costCentsSum / t.costedMissions),
    billedTotalCents: t.billedCents,
  };
}

/** One provider's period: its totals and every month the period touches (aaaa-mm, São Paulo time), in order, zeros included. */
export type ProviderScorecard = FromSchema<typeof scorecardSchema>;
export type ScorecardMonth = ProviderScorecard['months'][number];

/** The ranking: each provider's figures with its 1-based position (rankProviders). */
export type ScorecardRanking = FromSchema<typeof rankingSchema>;
export type ScorecardRankingRow = ScorecardRanking['rows'][number];

type Ranked = ScorecardFigures & { name: string };
const nullsLast = (a: number | null, b: number | null, better: 'high' | 'low'): number => {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return better === 'high' ? b - a : a - b;
};

/**
 * The ranking's order, most useful provider first: more missions won; then ETA kept more often;
 * then fewer SLA breaches; then fewer cancellations; then faster acceptance; then the name.
 * Unknown rates and times come after known ones.
 */
export function compareScorecards(a: Ranked, b: Ranked): number {
  return (
    b.won - a.won ||
    nullsLast(a.etaKeptRate, b.etaKeptRate, 'high') ||
    a.slaBreaches - b.slaBreaches ||
    a.cancellations - b.cancellations ||
    nullsLast(a.avgAcceptMinutes, b.avgAcceptMinutes, 'low') ||
    a.name.localeCompare(b.name, 'pt-BR')
  );
}

const SAO_PAULO_MONTH = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit' });

/** The São Paulo month (aaaa-mm) of an instant. */
export const saoPauloMonth = (instant: Date): string => SAO_PAULO_MONTH.format(instant).slice(0, 7);

/** Every São Paulo month from start's to end's, in order. */
export function monthsOfPeriod(start: Date, end: Date): string[] {
  const [firstYear, firstMonth] = saoPauloMonth(start).split('-').map(Number) as [number, number];
  const last = saoPauloMonth(end);
  const months: string[] = [];
  for (let y = firstYear, m = firstMonth; months.length < 1000; m === 12 ? ((m = 1), y++) : m++) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    months.push(month);
    if (month >= last) break;
  }
  return months;
}

/** The columns of a scorecard table and its Excel export, in order. */
export type ScorecardColumnKind = 'count' | 'minutes' | 'rate' | 'money';
export const SCORECARD_COLUMNS: readonly { field: keyof ScorecardFigures; label: string; kind: ScorecardColumnKind }[] = [
  { field: 'offered', label: 'Missões oferecidas', kind: 'count' },
  { field: 'proposals', label: 'Propostas enviadas', kind: 'count' },
  { field: 'won', label: 'Missões ganhas', kind: 'count' },
  { field: 'avgAcceptMinutes', label: 'Tempo médio até o aceite', kind: 'minutes' },
  { field: 'etaKeptRate', label: 'ETA cumprido', kind: 'rate' },
  { field: 'slaBreaches', label: 'Violações de SLA', kind: 'count' },
  { field: 'cancellations', label: 'Cancelamentos', kind: 'count' },
  { field: 'avgCostCents', label: 'Custo médio por missão', kind: 'money' },
  { field: 'billedTotalCents', label: 'Total faturado', kind: 'money' },
];

/** The Excel file's name for a period: desempenho-aaaa-mm-dd-a-aaaa-mm-dd.xlsx (UTC days of the instants). */
export const scorecardFileName = (start: string, end: string): string =>
  `desempenho-${start.slice(0, 10)}-a-${end.slice(0, 10)}.xlsx`;

/** Ours: what the screens say. */
export const SCORECARD_TEXTS = {
  menu: 'Desempenho',
  rankingTitle: 'Desempenho das prestadoras',
  ownTitle: 'Meu desempenho',
  trendTitle: 'Evolução mensal',
  excel: 'Extrair Excel',
  excelError: 'Ocorreu um erro ao tentar gerar a planilha de desempenho...',
  empty: 'Nenhuma prestadora encontrada',
} as const;
