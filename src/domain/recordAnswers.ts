/**
 * The answers of the catalogue and account services as JSON Schema, for the routes' `response`
 * option: the API's description and its serializer (a field not declared here never leaves the
 * server). A catalogue record is its shared yup schema read as a stored record (jsonSchemaOf.ts)
 * plus its id, its tenant when it has one, and the names joined for display.
 */
import type { AnySchema } from 'yup';
import type { RecordAnswerSchema } from './catalogueContracts';
import { jsonSchemaOf, type JsonSchema } from './jsonSchemaOf';
import { PERFIS, ROLE_TYPES } from './roles';
import { text, nullableText, exactObject } from './jsonSchemaParts';



export interface RecordAnswerOptions {
  /** The record belongs to one risk manager (answers its id). */
  owned: boolean;
  /** Fields the server adds for display (a city's state name, a plan's shipper name). */
  extra?: Record<string, JsonSchema>;
  description?: string;
}

/** One stored record of a catalogue whose fields are `schema`'s (the form's). */
export function recordAnswer(schema: AnySchema, { owned, extra = {}, description }: RecordAnswerOptions): RecordAnswerSchema {
  const fields = { ...(jsonSchemaOf(schema, 'response').properties as Record<string, JsonSchema>) };
  // The tenant is the server's to set (never the form's): answered for owned records only.
  delete fields.riskManager;
  return exactObject({ _id: text, ...fields, ...(owned ? { riskManager: text } : {}), ...extra }, description ? { description } : undefined);
}

/** A city joins its state's name (GET /api/admin/cities, the big list). */
export const CITY_EXTRA = { stateName: text } as const;

/** A shipper's plan names its shipper; a provider plan its provider ('Todos' for every provider). */
export const SHIPPER_PLAN_EXTRA = { shipper: text, shipperName: nullableText } as const;
export const PROVIDER_PLAN_EXTRA = { serviceProvider: nullableText, serviceProviderName: text } as const;

/** A user of /home/users or a provider login: never its password nor its sessions. */
export const userAnswer = exactObject(
  {
    _id: text,
    name: text,
    email: text,
    role: exactObject({ type: { type: 'string', enum: ROLE_TYPES }, perfil: { type: 'string', enum: PERFIS } }),
    active: { type: 'boolean' },
    riskManager: nullableText,
  },
  { description: 'Usuário (a senha nunca é respondida).' },
);

/** A provider login also names its provider. */
export const providerLoginAnswer = exactObject(
  { ...userAnswer.properties, serviceProvider: nullableText },
  { description: 'Login de prestador (a senha nunca é respondida).' },
);

/** A risk manager as the tenant selects list it (GET /api/risk-managers/info). */
export const riskManagerInfoAnswer = exactObject({ _id: text, name: text, active: { type: 'boolean' } });

/** A provider as the plan form's select lists it. */
export const namedAnswer = exactObject({ _id: text, name: text });
