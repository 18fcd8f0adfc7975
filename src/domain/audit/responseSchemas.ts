/** The audit list's answer (GET /api/admin/audit) as JSON Schema: its description and serializer. */
import { AUDIT_ACTIONS, type AuditEntry, type AuditPage } from './index';
import { text, nullableText } from '../jsonSchemaParts';

const values = { type: ['object', 'null'], additionalProperties: true } as const;

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
} as const satisfies Record<keyof AuditEntry, unknown>;

export const AUDIT_PAGE_SCHEMA = {
  200: {
    type: 'object',
    additionalProperties: false,
    required: ['data', 'page', 'totalPages', 'total'],
    properties: {
      data: {
        type: 'array',
        items: { type: 'object', additionalProperties: false, required: Object.keys(entryProperties), properties: entryProperties },
      },
      page: { type: 'integer' },
      totalPages: { type: 'integer' },
      total: { type: 'integer' },
    } satisfies Record<keyof AuditPage, unknown>,
    description: 'Uma página da trilha de auditoria, mais recentes primeiro.',
  },
} as const;
