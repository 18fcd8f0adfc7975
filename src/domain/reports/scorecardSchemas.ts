/**
 * The scorecard answers (scorecards.ts) as JSON Schema for the routes' `response`: they describe
 * the API and serialize it, so nothing beyond these fields leaves the server.
 */
import type { ProviderScorecard, ScorecardFigures, ScorecardRanking } from './scorecards';
import { text, nullableNumber, count } from '../jsonSchemaParts';


const figureProperties = {
  offered: count,
  proposals: count,
  won: count,
  avgAcceptMinutes: nullableNumber,
  etaKeptRate: nullableNumber,
  slaBreaches: count,
  cancellations: count,
  avgCostCents: { type: ['integer', 'null'] },
  billedTotalCents: count,
} as const satisfies Record<keyof ScorecardFigures, unknown>;

const figures = { type: 'object', additionalProperties: false, required: Object.keys(figureProperties), properties: figureProperties } as const;

const scorecard = {
  type: 'object',
  additionalProperties: false,
  required: ['serviceProvider', 'name', 'start', 'end', 'totals', 'months'],
  properties: {
    serviceProvider: text,
    name: text,
    start: text,
    end: text,
    totals: figures,
    months: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['month', ...Object.keys(figureProperties)],
        properties: { month: text, ...figureProperties },
      },
    },
  } satisfies Record<keyof ProviderScorecard, unknown>,
} as const;

const ranking = {
  type: 'object',
  additionalProperties: false,
  required: ['start', 'end', 'rows'],
  properties: {
    start: text,
    end: text,
    rows: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['rank', 'serviceProvider', 'name', ...Object.keys(figureProperties)],
        properties: { rank: { type: 'integer', minimum: 1 }, serviceProvider: text, name: text, ...figureProperties },
      },
    },
  } satisfies Record<keyof ScorecardRanking, unknown>,
} as const;

/** An .xlsx download (streamed; the schema only describes it). */
const workbook = { description: 'Planilha .xlsx', type: 'string', format: 'binary' } as const;

export const SCORECARD_RESPONSES = {
  ranking: { 200: ranking },
  one: { 200: scorecard },
  excel: { 200: workbook },
} as const;
