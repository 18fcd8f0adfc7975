/** The cost meter's answer as JSON Schema (its contract in contracts.ts), from which meter.ts reads CostMeter. */
import { CHARGE_TYPES, HOUR_INTERVAL_TYPES, INTERVAL_TYPES } from '../enums';

const int = { type: 'integer', minimum: 0 } as const;
const reading = { type: 'object', additionalProperties: false, required: ['km', 'time'], properties: { km: { type: 'number' }, time: { type: 'string' } } } as const;
const laterReading = { anyOf: [reading, { type: 'null' }] } as const;

const figureProperties = {
  usageMinutes: int,
  limitMinutes: int,
  overageMinutes: int,
  usageMetres: int,
  limitMetres: int,
  overageMetres: int,
  overageCents: int,
  totalCents: int,
} as const;
const figures = { type: 'object', additionalProperties: false, required: Object.keys(figureProperties), properties: figureProperties } as const;

const plan = {
  type: ['object', 'null'],
  additionalProperties: false,
  required: ['price', 'limits', 'overages', 'toll'],
  properties: {
    price: int,
    limits: {
      type: 'object',
      additionalProperties: false,
      required: ['distance', 'intervalType', 'hourIntervalType', 'time'],
      properties: {
        distance: { type: 'number' },
        intervalType: { type: 'string', enum: INTERVAL_TYPES },
        hourIntervalType: { type: 'string', enum: HOUR_INTERVAL_TYPES },
        time: { type: 'string' },
      },
    },
    overages: {
      type: 'object',
      additionalProperties: false,
      required: ['chargeType', 'distancePrice', 'hourPrice'],
      properties: { chargeType: { type: 'string', enum: CHARGE_TYPES }, distancePrice: int, hourPrice: int },
    },
    toll: { type: 'object', additionalProperties: false, required: ['price', 'toCharge'], properties: { price: int, toCharge: { type: 'boolean' } } },
  },
} as const;

/**
 * GET mission/:id/meter (billing base): the caller's own side (shipper for the risk manager,
 * serviceProvider for the holder), the instant the server priced at (the browser ticks from it),
 * the plan and its name (null while the side has no plan: two candidate plans wait for a person),
 * the agents' readings and the reading priced at that instant.
 */
export const costMeterSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['mission', 'side', 'at', 'planName', 'plan', 'agents', 'reading'],
  properties: {
    mission: { type: 'string' },
    side: { type: 'string', enum: ['shipper', 'serviceProvider'] },
    at: { type: 'string', format: 'date-time' },
    planName: { type: ['string', 'null'] },
    plan,
    agents: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['odometer'],
        properties: {
          odometer: {
            type: 'object',
            additionalProperties: false,
            required: ['start', 'arrivalOnPlace', 'endOnPlace', 'end'],
            // The points after the start are null until read (docs/rules/field-app.md).
            properties: { start: reading, arrivalOnPlace: laterReading, endOnPlace: laterReading, end: laterReading },
          },
        },
      },
    },
    reading: {
      type: ['object', 'null'],
      additionalProperties: false,
      required: ['soFar', 'projected'],
      properties: { soFar: figures, projected: figures },
    },
  },
} as const;
