import { REPORT_PAGE_SIZE } from '../../src/domain/reports';
import { REPORT_CONTRACTS } from '../../src/domain/reports/contracts';
import { reportQuerySchema } from '../../src/domain/schemas/report';
import { TenantCache } from '../missions/tenantCache';
import { viewerOf } from '../missions/viewer';
import { countRows, reportPageRows, reportTotals, scopeOf } from './billingQuery';
import { sendBillingExcel } from './formats/xlsx/billingExcel';
import { currentUser } from '../shared/session';
import type { FeatureDeps } from '../shared/deps';
import { validBody } from '../shared/validation';
import { serves } from '../shared/serves';

/**
 * The reports service (docs/rules/reports.md, base /api/reports): the billing report and its Excel
 * export. The tech profile is kept out by the scope that registers this (its rows in server/http/routeTable.ts).
 */

const LISTS = ['status', 'companies'] as const;

/**
 * Query strings are text and a key sent once is not a list: the lists become lists and a page of
 * digits a number; anything else stays as sent, so the shared schema answers its own message.
 */
function reportInput(query: unknown): Record<string, unknown> {
  const raw = { ...(query as Record<string, unknown>) };
  for (const key of LISTS) if (typeof raw[key] === 'string') raw[key] = [raw[key]];
  if (typeof raw.page === 'string' && /^\d{1,10}$/.test(raw.page)) raw.page = Number(raw.page);
  return raw;
}

export function billingReportHandlers({ db, stamps }: FeatureDeps) {
  // The report's total counts missions (billingQuery.ts countRows), so the missions' write token
  // keeps it exact: paging through one filter counts once.
  const counts = new TenantCache<number>(stamps, 10_000);

  // The filter is the shared schema's (reportInput makes lists of single values first).
  const parse = (query: unknown) => validBody(reportQuerySchema, reportInput(query));

  return {
    billing: serves(REPORT_CONTRACTS.billing, async (request) => {
      const query = await parse(request.query);
      const viewer = viewerOf(currentUser(request));
      const scope = scopeOf(viewer, query);
      const filter = ['billingReport', scope.target, scope.companies, query.status, query.start, query.end];
      const quantity = await counts.get(viewer, filter, () => countRows(db, scope, query));
      const pages = Math.max(1, Math.ceil(quantity / REPORT_PAGE_SIZE));
      const offset = (query.page - 1) * REPORT_PAGE_SIZE;
      const [reports, totals] = await Promise.all([
        offset < quantity ? reportPageRows(db, scope, query, REPORT_PAGE_SIZE, offset) : [],
        // Not kept like the count: a billing saved changes the sums without a mission write.
        reportTotals(db, scope, query),
      ]);
      return { pagination: { current: query.page, pages, quantity }, reports, totals };
    }),

    billingExcel: serves(REPORT_CONTRACTS.billingExcel, async (request, reply) => {
      const query = await parse(request.query);
      return sendBillingExcel(db, reply, scopeOf(viewerOf(currentUser(request)), query), query);
    }),
  };
}
