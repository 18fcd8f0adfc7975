/** How an entry reads on the screen and in the Excel: the same words in both. */
import { optionLabel } from '../enums';
import { formatKm } from '../billing/totals';
import { formatSaoPauloDateTime } from '../validators/dates';
import { formatMoney } from '../validators/money';
import { durationText } from '../validators/time';
import { auditField, type AuditField } from './fields';
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, type AuditAction } from './index';
import type { AuditEntry } from './responseSchemas';

export const auditEntityLabel = (entity: string): string =>
  Object.hasOwn(AUDIT_ENTITY_LABELS, entity) ? AUDIT_ENTITY_LABELS[entity as keyof typeof AUDIT_ENTITY_LABELS] : entity;

export const auditActionLabel = (action: string): string =>
  Object.hasOwn(AUDIT_ACTION_LABELS, action) ? AUDIT_ACTION_LABELS[action as AuditAction] : action;

const wholeNumber = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

/** A kind's reading of a value, or undefined when the value is not of that kind (it then reads as stored). */
function kindText(field: AuditField, value: unknown, names: Readonly<Record<string, string>>): string | undefined {
  switch (field.kind) {
    case 'money':
      return wholeNumber(value) ? formatMoney(value) : undefined;
    case 'minutes':
      return wholeNumber(value) && value >= 0 ? durationText(value) : undefined;
    case 'metres':
      return wholeNumber(value) && value >= 0 ? `${formatKm(value)} km` : undefined;
    case 'dateTime':
      return typeof value === 'string' || typeof value === 'number' ? formatSaoPauloDateTime(value) || undefined : undefined;
    case 'choice':
      return optionLabel(field.options ?? [], value);
    case 'ref':
      return typeof value === 'string' && Object.hasOwn(names, value) ? names[value] : undefined;
    default:
      return undefined;
  }
}

/** A value as a person reads it: '—' for nothing, Sim/Não, money, dates in São Paulo time, names instead of ids. */
export function auditValueText(entity: string, path: string, value: unknown, names: Readonly<Record<string, string>> = {}): string {
  if (value === null || value === undefined || value === '') return '—';
  const read = kindText(auditField(entity, path), value, names);
  if (read !== undefined) return read;
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** One changed field: its label, and its value before and after (null: that side does not exist). */
export interface AuditChange {
  label: string;
  before: string | null;
  after: string | null;
}

export function auditChanges(entry: Pick<AuditEntry, 'entity' | 'before' | 'after' | 'names'>): AuditChange[] {
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  const side = (values: AuditEntry['before'], path: string) => (values ? auditValueText(entry.entity, path, values[path], entry.names) : null);
  return fields.map((path) => ({ label: auditField(entry.entity, path).label, before: side(entry.before, path), after: side(entry.after, path) }));
}

/** 'antes → depois', or the only side there is. */
export const auditChangeText = (change: AuditChange): string => [change.before, change.after].filter((v) => v !== null).join(' → ');

/** One side's changed fields, one 'Campo: valor' per line ('' when the side does not exist): the Excel's Antes and Depois. */
export const auditSideText = (entry: Pick<AuditEntry, 'entity' | 'before' | 'after' | 'names'>, side: 'before' | 'after'): string =>
  auditChanges(entry)
    .flatMap((change) => (change[side] === null ? [] : [`${change.label}: ${change[side]}`]))
    .join('\n');

/** The record as people name it (the mission's process number, the user's or company's name); its id when nothing names it. */
export const auditRecordText = (entry: Pick<AuditEntry, 'record' | 'names'>): string =>
  entry.record === null ? '—' : Object.hasOwn(entry.names, entry.record) ? (entry.names[entry.record] ?? entry.record) : entry.record;
