/**
 * The billing report's query (docs/rules/reports.md): GET /billing and
 * /billing/excel. Both dates are required (the screen runs no query without them), end not before
 * start; status and companies are lists (empty = all); page only for /billing.
 */
import { array, type InferType } from 'yup';
import { BILLING_TARGETS } from '../billing/access';
import { isId } from '../ids';
import { DATE_RANGE_ORDER, INVALID_OPTION } from '../messages';
import { REPORT_STATUSES } from '../reports';
import { MAX_INT, dateText, group, strictInteger, strictString } from './fields';

export const REPORT_DATES_REQUIRED = 'Informe as datas de início e fim do relatório';
/** More companies than any tenant has: a longer list is a malformed request, not a filter. */
export const MAX_REPORT_COMPANIES = 500;
export const TOO_MANY_COMPANIES = `Selecione no máximo ${MAX_REPORT_COMPANIES} empresas`;

const requiredInstant = () => dateText().required(REPORT_DATES_REQUIRED);

export const reportQuerySchema = group({
  start: requiredInstant(),
  end: requiredInstant().test({
    name: 'invalid_date_range',
    message: DATE_RANGE_ORDER,
    test(end) {
      const { start } = this.parent as { start?: string };
      return !start || !end || Number.isNaN(Date.parse(start)) || Date.parse(start) <= Date.parse(end);
    },
  }),
  status: array(strictString().oneOf([...REPORT_STATUSES], INVALID_OPTION).required(INVALID_OPTION))
    .typeError(INVALID_OPTION)
    .default([]),
  billingTarget: strictString().oneOf([...BILLING_TARGETS], INVALID_OPTION).default('shipper'),
  companies: array(
    strictString()
      .required(INVALID_OPTION)
      .test({ name: 'invalid_id', message: INVALID_OPTION, test: (v) => v === undefined || isId(v) }),
  )
    .typeError(INVALID_OPTION)
    .max(MAX_REPORT_COMPANIES, TOO_MANY_COMPANIES)
    .default([]),
  page: strictInteger().min(1, INVALID_OPTION).max(MAX_INT, INVALID_OPTION).default(1),
});
export type ReportQuery = InferType<typeof reportQuerySchema>;
