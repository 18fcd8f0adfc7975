/** How an entry reads on the screen and in the Excel: the same words in both. */
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, type AuditAction, type AuditValues } from './index';

export const auditEntityLabel = (entity: string): string =>
  Object.hasOwn(AUDIT_ENTITY_LABELS, entity) ? AUDIT_ENTITY_LABELS[entity as keyof typeof AUDIT_ENTITY_LABELS] : entity;

export const auditActionLabel = (action: string): string =>
  Object.hasOwn(AUDIT_ACTION_LABELS, action) ? AUDIT_ACTION_LABELS[action as AuditAction] : action;

/** A value as a person reads it: Sim/Não, '—' for nothing, JSON for a list. */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** The changed fields of one side, one 'campo: valor' per line ('' when the side does not exist). */
export const auditValuesText = (values: AuditValues | null): string =>
  values
    ? Object.entries(values)
        .map(([field, value]) => `${field}: ${auditValueText(value)}`)
        .join('\n')
    : '';
