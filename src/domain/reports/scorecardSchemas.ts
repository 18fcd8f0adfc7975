/**
 * The scorecard answers as JSON Schema for the contracts (contracts.ts): they describe the API and
 * serialize it, so nothing beyond these fields leaves the server, and scorecards.ts reads the
 * screens' and the server's types from them.
 */
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
} as const;

export const figuresSchema = { type: 'object', additionalProperties: false, required: Object.keys(figureProperties), properties: figureProperties } as const;

export const scorecardSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['serviceProvider', 'name', 'start', 'end', 'totals', 'months'],
  properties: {
    serviceProvider: text,
    name: text,
    start: text,
    end: text,
    totals: figuresSchema,
    months: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['month', ...Object.keys(figureProperties)],
        properties: { month: text, ...figureProperties },
      },
    },
  },
} as const;

export const rankingSchema = {
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
  },
} as const;
