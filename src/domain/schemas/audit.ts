/**
 * The query of the audit trail (GET /api/admin/audit and /audit/excel): every filter optional,
 * the period's start not after its end; page, page size and order only for the list.
 */
import type { InferType } from 'yup';
import { AUDIT_ACTIONS, AUDIT_DEFAULT_PER_PAGE, AUDIT_ENTITIES, AUDIT_MAX_PER_PAGE, AUDIT_SORTS } from '../audit';
import { isId } from '../ids';
import { DATE_RANGE_ORDER, INVALID_OPTION, maxLength } from '../messages';
import { MAX_INT, dateText, group, strictInteger, strictString } from './fields';

const idFilter = () => strictString().test({ name: 'invalid_id', message: INVALID_OPTION, test: (v) => v === undefined || isId(v) });

export const auditQuerySchema = group({
  /** Part of the name or e-mail of who acted. */
  user: strictString().max(254, maxLength(254)),
  riskManager: idFilter(),
  entity: strictString().oneOf([...AUDIT_ENTITIES], INVALID_OPTION),
  action: strictString().oneOf([...AUDIT_ACTIONS], INVALID_OPTION),
  /** A record's id, or part of it (the screen's text box). */
  record: strictString().max(24, maxLength(24)),
  start: dateText(),
  end: dateText().test({
    name: 'invalid_date_range',
    message: DATE_RANGE_ORDER,
    test(end) {
      const { start } = this.parent as { start?: string };
      return !start || !end || Number.isNaN(Date.parse(start)) || Date.parse(start) <= Date.parse(end);
    },
  }),
  page: strictInteger().min(1, INVALID_OPTION).max(MAX_INT, INVALID_OPTION).default(1),
  perPage: strictInteger().min(1, INVALID_OPTION).max(AUDIT_MAX_PER_PAGE, INVALID_OPTION).default(AUDIT_DEFAULT_PER_PAGE),
  sort: strictString().oneOf([...AUDIT_SORTS], INVALID_OPTION).default('at'),
  order: strictString().oneOf(['ASC', 'DESC'], INVALID_OPTION).default('DESC'),
});
export type AuditQuery = InferType<typeof auditQuerySchema>;
