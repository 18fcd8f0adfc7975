/**
 * The audit list's answer (GET /api/admin/audit) as JSON Schema: its description and serializer
 * (contracts.ts), and the types of the server and the screen, read from it.
 */
import type { FromSchema } from '../fromSchema';
import { AUDIT_ACTIONS } from './index';
import { text, nullableText } from '../jsonSchemaParts';

/** The changed fields only: a field's value before and after (null on the side where the record did not exist). */
const values = { type: ['object', 'null'], additionalProperties: true } as const;

/**
 * riskManager: whose data changed (null: shared data, or a sign-in of an unknown account); entity:
 * an AuditEntity (a catalogue added later shows its own name until it gets a label); names: the
 * names of the record and of the records its values point to, by id, read within the reader's tenant.
 */
const entryProperties = {
  _id: text,
  at: { type: 'string', format: 'date-time' },
  riskManager: nullableText,
  riskManagerName: nullableText,
  user: nullableText,
  userName: text,
  userEmail: text,
  ip: text,
  entity: text,
  record: nullableText,
  action: { type: 'string', enum: AUDIT_ACTIONS },
  before: values,
  after: values,
  names: { type: 'object', additionalProperties: { type: 'string' } },
} as const;

const entrySchema = { type: 'object', additionalProperties: false, required: Object.keys(entryProperties), properties: entryProperties } as const;

export const auditPageSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['data', 'page', 'totalPages', 'total'],
  properties: {
    data: { type: 'array', items: entrySchema },
    page: { type: 'integer' },
    totalPages: { type: 'integer' },
    total: { type: 'integer' },
  },
  description: 'Uma página da trilha de auditoria, mais recentes primeiro.',
} as const;

export type AuditEntry = FromSchema<typeof entrySchema>;
export type AuditPage = FromSchema<typeof auditPageSchema>;
