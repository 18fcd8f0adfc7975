/**
 * A mission's cargo documents (docs/rules/fiscal-documents.md): the NF-e, CT-e and MDF-e access keys,
 * read by whoever reads the mission and replaced by its risk manager's users. The body is checked
 * with the same schema as the mission forms (schemas/fiscalKeys.ts).
 */
import { defineContract } from '../contract';
import { idParams } from '../jsonSchemaParts';
import { fiscalKeysSchema } from '../schemas/fiscalKeys';
import { FISCAL_KINDS } from '../validators/fiscalKey';
import type { FromSchema } from '../fromSchema';

const keyList = { type: 'array', items: { type: 'string', minLength: 44, maxLength: 44 } } as const;

/** The keys of each kind, normalised, in the order they were typed. */
export const fiscalKeysAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: [...FISCAL_KINDS],
  properties: { nfe: keyList, cte: keyList, mdfe: keyList },
} as const;
export type MissionFiscalKeys = FromSchema<typeof fiscalKeysAnswerSchema>;

/** Relative to API_BASES.missions, beside the mission's own path. */
export const FISCAL_KEYS_PATH = 'request/:id/fiscal-keys';

export const FISCAL_KEY_CONTRACTS = {
  read: defineContract({
    method: 'GET',
    base: 'missions',
    path: FISCAL_KEYS_PATH,
    summary: 'Chaves dos documentos fiscais da carga',
    params: idParams,
    responses: { 200: { ...fiscalKeysAnswerSchema, description: 'As chaves de NF-e, CT-e e MDF-e da missão.' } },
  }),
  replace: defineContract({
    method: 'PUT',
    base: 'missions',
    path: FISCAL_KEYS_PATH,
    summary: 'Altera as chaves dos documentos fiscais da carga',
    params: idParams,
    body: fiscalKeysSchema,
    responses: { 200: { ...fiscalKeysAnswerSchema, description: 'As chaves gravadas.' } },
  }),
};
