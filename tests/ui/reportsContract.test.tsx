/**
 * The reports contract (docs/rules/reports.md): the data provider's billingReport and downloadBillingExcel
 * (src/dataProvider/reportsApi.ts) against the real server over the contract harness — repeated
 * status/companies keys, the page's shape, the streamed file with its row count, and the errors.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataProvider } from '../../src/dataProvider';
import { HttpError } from '../../src/dataProvider/HttpError';
import { createReportsApi, type ExcelProgress } from '../../src/dataProvider/reportsApi';
import { REPORT_COLUMNS, REPORT_TOTALS_LABEL } from '../../src/domain/reports';
import { REPORT_DATES_REQUIRED } from '../../src/domain/schemas/report';
import { resourceEndpoints } from '../../src/resources';
import { DEMO_IDS } from '../../server/demo/seed';
import { CATALOGUE_IDS } from '../../server/demo/seedCatalogues';
import { createTestApp, type TestApp } from '../server/helpers';
import { clearMissions } from '../server/missionsClient';
import { insertReportMission } from '../server/reportFixtures';
import { signIn } from './contractHarness';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
  await clearMissions(server);
}, 120_000);
afterAll(async () => server?.close());

const day = (d: number) => new Date(Date.UTC(2026, 2, d, 12));
const RANGE = { start: day(1).toISOString(), end: day(31).toISOString() };

describe('billing report through the data provider', () => {
  it('pages, filters with repeated keys, streams the file and answers errors in Portuguese', { timeout: 60_000 }, async () => {
    const db = server.database.db;
    const billed = await insertReportMission(db, { createdAt: day(3), status: 'billed', n: 1 });
    const vale = await insertReportMission(db, { createdAt: day(4), status: 'finished', shipper: CATALOGUE_IDS.shipperVale, n: 2 });
    const sul = await insertReportMission(db, { createdAt: day(5), status: 'billed_shipper', provider: DEMO_IDS.providerSul, n: 3 });

    const { httpClient } = await signIn(server.app, 'gestor@demo.com.br');
    const gestor = createDataProvider({ httpClient, endpoints: resourceEndpoints });
    const page = await gestor.billingReport({ ...RANGE });
    expect(page.pagination).toEqual({ current: 1, pages: 1, quantity: 3 });
    expect(page.reports.map((r) => r.missionId)).toEqual([sul, vale, billed]);
    const filtered = await gestor.billingReport({ ...RANGE, status: ['billed', 'finished'], companies: [CATALOGUE_IDS.shipperVale, CATALOGUE_IDS.shipperAndrade] });
    expect(filtered.reports.map((r) => r.missionId)).toEqual([vale, billed]);
    const providers = await gestor.billingReport({ ...RANGE, billingTarget: 'serviceProvider', companies: [DEMO_IDS.providerSul], page: 1 });
    expect(providers.reports.map((r) => r.missionId)).toEqual([sul]);

    const saved: { blob: Blob; name: string }[] = [];
    const reports = createReportsApi(httpClient, (blob, name) => saved.push({ blob, name }));
    const progress: ExcelProgress[] = [];
    const download = await reports.downloadBillingExcel({ ...RANGE, status: ['billed', 'finished'] }, (p) => progress.push(p));
    expect(download).toMatchObject({ fileName: 'relatorio-faturamento-01-03-2026-a-31-03-2026.xlsx', rows: 2 });
    expect(progress.at(-1)).toEqual({ bytes: download.bytes, rows: 2, percent: 100 });
    expect(progress.some((p) => p.percent !== null && p.percent < 100)).toBe(true);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await saved[0]!.blob.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    // The header, the two missions and the totals row of the filtered period.
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(4).getCell(1).value).toBe(REPORT_TOTALS_LABEL);
    const processColumn = REPORT_COLUMNS.findIndex((c) => c.field === 'processNumber') + 1;
    expect([sheet.getRow(2).getCell(processColumn).value, sheet.getRow(3).getCell(processColumn).value]).toEqual(
      filtered.reports.map((r) => r.processNumber),
    );

    const missing = await gestor.billingReport({ start: '', end: '' }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(HttpError);
    expect((missing as HttpError).status).toBe(400);
    expect(JSON.stringify((missing as HttpError).body)).toContain(REPORT_DATES_REQUIRED);
    const badExport = await reports.downloadBillingExcel({ start: RANGE.end, end: RANGE.start }).catch((e: unknown) => e);
    expect((badExport as HttpError).status).toBe(400);
    expect(saved).toHaveLength(1);

    const ti = createReportsApi((await signIn(server.app, 'ti@demo.com.br')).httpClient);
    expect(((await ti.billingReport(RANGE).catch((e: unknown) => e)) as HttpError).status).toBe(403);
  });
});
