/**
 * GET /api/reports/billing/excel: the streamed .xlsx opened with ExcelJS and checked cell by cell
 * against the API's rows of the same filter (real numbers and dates), formula escaping, the
 * keyset batches across ties, and a client that leaves stopping the reads.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isTotalled, REPORT_COLUMNS, REPORT_TOTALS_LABEL, type ReportPage, type ReportRow } from '../../src/domain/reports';
import { REPORT_ROWS_HEADER } from '../../src/domain/reports/excel';
import { missionBillings, missionFiscalKeys, missions } from '../../server/db/schema';
import { DEMO_IDS } from '../../server/demo/seed';
import { CATALOGUE_IDS, fixedId } from '../../server/demo/seedCatalogues';
import { EXPORT_BATCH, XLSX_TYPE } from '../../server/reports/formats/xlsx/billingExcel';
import { clientFor, type Client } from './catalogueClient';
import { createTestApp, login, type TestApp } from './helpers';
import { clearMissions } from './missionsClient';
import { insertReportMission, sideValues } from './reportFixtures';

let t: TestApp;
let gestor: Client;
let queries: string[] = [];
beforeAll(async () => {
  t = await createTestApp({}, { onQuery: (query) => queries.push(query) });
  gestor = clientFor(t.app, await login(t.app, 'gestor@demo.com.br'));
}, 120_000);
afterAll(async () => t?.close());
beforeEach(async () => {
  await clearMissions(t);
  queries = [];
});

const day = (d: number, h = 12) => new Date(Date.UTC(2026, 2, d, h, 0, 0));
const RANGE = { start: day(1, 0).toISOString(), end: day(31, 23).toISOString() };
const qs = (query: Record<string, string | number>) => new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();

async function apiRows(query: Record<string, string | number>): Promise<ReportRow[]> {
  const rows: ReportRow[] = [];
  for (let page = 1; ; page++) {
    const answer = (await gestor.get(`/api/reports/billing?${qs({ ...query, page })}`)).json<ReportPage>();
    rows.push(...answer.reports);
    if (page >= answer.pagination.pages) return rows;
  }
}

async function workbookOf(payload: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/** The wall time in São Paulo (UTC−3 since 2019) written with UTC fields, as Excel dates carry it. */
const wall = (iso: string) => new Date(new Date(iso).getTime() - 3 * 3_600_000);

describe('billing report Excel export', () => {
  it('streams an .xlsx whose cells are the API rows of the same filter, typed', async () => {
    const db = t.database.db;
    for (let i = 0; i < 12; i++) {
      await insertReportMission(db, { createdAt: day(2 + i, 9 + (i % 5)), n: i * 37, status: i % 3 === 0 ? 'billed' : 'finished', plate: i === 4 ? null : undefined });
    }
    await insertReportMission(db, { tenant: 'norte', createdAt: day(5) });
    const query = { ...RANGE, billingTarget: 'serviceProvider' };
    const response = await gestor.get(`/api/reports/billing/excel?${qs(query)}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_TYPE);
    expect(response.headers['content-disposition']).toBe('attachment; filename="relatorio-faturamento-28-02-2026-a-31-03-2026.xlsx"');
    expect(response.headers[REPORT_ROWS_HEADER.toLowerCase()]).toBe('12');

    const rows = await apiRows(query);
    expect(rows).toHaveLength(12);
    const sheet = await workbookOf(response.rawPayload);
    // The header, the 12 rows and the totals row.
    expect(sheet.rowCount).toBe(14);
    expect(sheet.getRow(1).values).toEqual([undefined, ...REPORT_COLUMNS.map((c) => c.label)]);
    rows.forEach((row, i) => {
      const cells = sheet.getRow(i + 2);
      REPORT_COLUMNS.forEach((column, c) => {
        const cell = cells.getCell(c + 1);
        const value = row[column.field];
        if (value === null) {
          expect(cell.value, column.field).toBeNull();
          return;
        }
        switch (column.kind) {
          case 'text':
            expect(cell.type, column.field).toBe(ExcelJS.ValueType.String);
            expect(cell.value, column.field).toBe(value);
            break;
          case 'date':
            expect(cell.type, column.field).toBe(ExcelJS.ValueType.Date);
            expect(cell.value, column.field).toEqual(wall(String(value)));
            expect(cell.numFmt).toBe('dd/mm/yyyy hh:mm');
            break;
          case 'minutes':
            // A number of days in the file; ExcelJS reads any number with a time format back as a Date.
            expect(cell.type, column.field).toBe(ExcelJS.ValueType.Date);
            expect(Math.round(((cell.value as Date).getTime() - EXCEL_EPOCH) / 60_000), column.field).toBe(value);
            expect(cell.numFmt).toBe('[h]:mm');
            break;
          case 'km':
            expect(cell.value, column.field).toBe(Number(value) / 1000);
            expect(cell.numFmt).toBe('#,##0.0');
            break;
          case 'money':
            expect(cell.value, column.field).toBe(Number(value) / 100);
            expect(cell.numFmt).toBe('"R$" #,##0.00');
            break;
        }
      });
    });
    // Spot check against the fixture itself, not only the API: the provider side's total in reais.
    const last = sheet.getRow(13).getCell(REPORT_COLUMNS.findIndex((c) => c.field === 'finalCost') + 1).value;
    expect(last).toBe(sideValues(0, 'serviceProvider').finalCostCents / 100);
  });

  it('ends with the totals row of the whole filter: the API totals, in each column\'s unit and format', async () => {
    const db = t.database.db;
    for (let i = 0; i < 7; i++) await insertReportMission(db, { createdAt: day(3 + i), n: i * 11, status: i % 2 === 0 ? 'billed' : 'finished' });
    await insertReportMission(db, { createdAt: day(4), n: 500, provider: DEMO_IDS.providerSul });
    await insertReportMission(db, { tenant: 'norte', createdAt: day(5), n: 300 });
    const query = { ...RANGE, status: 'billed' };
    const page = (await gestor.get(`/api/reports/billing?${qs(query)}`)).json<ReportPage>();
    const sheet = await workbookOf((await gestor.get(`/api/reports/billing/excel?${qs(query)}`)).rawPayload);
    // Header, the four billed rows, totals.
    expect(sheet.rowCount).toBe(6);
    const totals = sheet.getRow(6);
    expect(totals.getCell(1).value).toBe(REPORT_TOTALS_LABEL);
    REPORT_COLUMNS.forEach((column, c) => {
      const cell = totals.getCell(c + 1);
      if (c === 0) return;
      if (!isTotalled(column.field)) {
        expect(cell.value, column.field).toBeNull();
        return;
      }
      const sum = page.totals[column.field];
      const rows = [2, 3, 4, 5].map((r) => sheet.getRow(r).getCell(c + 1).value);
      if (column.kind === 'minutes') {
        expect(Math.round(((cell.value as Date).getTime() - EXCEL_EPOCH) / 60_000), column.field).toBe(sum);
        expect(cell.numFmt).toBe('[h]:mm');
      } else {
        expect(cell.value, column.field).toBeCloseTo(sum / (column.kind === 'km' ? 1000 : 100), 6);
        // The totals row adds up the rows above it.
        expect(cell.value as number, column.field).toBeCloseTo((rows as number[]).reduce((a, b) => a + b, 0), 6);
        expect(cell.numFmt).toBe(column.kind === 'km' ? '#,##0.0' : '"R$" #,##0.00');
      }
    });
    const finalCost = REPORT_COLUMNS.findIndex((c) => c.field === 'finalCost') + 1;
    expect(totals.getCell(finalCost).value).toBe([0, 22, 44, 66].reduce((sum, n) => sum + sideValues(n, 'shipper').finalCostCents, 0) / 100);
  });

  it("prints the cargo's access keys in groups of four, NF-e first, in the 'Documentos fiscais' column", async () => {
    const db = t.database.db;
    const mission = await insertReportMission(db, { createdAt: day(10) });
    await insertReportMission(db, { createdAt: day(11) });
    await db.insert(missionFiscalKeys).values([
      { mission, kind: 'cte', key: '35261111222333000181570010000123451123456785', position: 0 },
      { mission, kind: 'nfe', key: '35261112ABC34501DE35550010000123451123456789', position: 0 },
    ]);
    const sheet = await workbookOf((await gestor.get(`/api/reports/billing/excel?${qs(RANGE)}`)).rawPayload);
    const column = REPORT_COLUMNS.findIndex((c) => c.field === 'fiscalKeys') + 1;
    expect(sheet.getRow(1).getCell(column).value).toBe('Documentos fiscais');
    // Newest first: the mission without keys, then the one with.
    expect(sheet.getRow(2).getCell(column).value).toBeNull();
    expect(sheet.getRow(3).getCell(column).value).toBe('NF-e 3526 1112 ABC3 4501 DE35 5500 1000 0123 4511 2345 6789; CT-e 3526 1111 2223 3300 0181 5700 1000 0123 4511 2345 6785');
  });

  it('escapes text that a spreadsheet would run as a formula', async () => {
    const db = t.database.db;
    const cases = ['=HYPERLINK("http://x","y")', '+55 11', '-1+1', '@SUM(A1)', '\t=1', 'PR-100'];
    for (const [i, processNumber] of cases.entries()) {
      await insertReportMission(db, { createdAt: day(10, i), processNumber, city: i === 0 ? '=cmd|calc' : 'Santos' });
    }
    const response = await gestor.get(`/api/reports/billing/excel?${qs(RANGE)}`);
    const sheet = await workbookOf(response.rawPayload);
    const column = REPORT_COLUMNS.findIndex((c) => c.field === 'processNumber') + 1;
    const city = REPORT_COLUMNS.findIndex((c) => c.field === 'city') + 1;
    const written = [...cases].reverse().map((_, i) => sheet.getRow(i + 2).getCell(column));
    expect(written.map((c) => c.value)).toEqual([
      'PR-100',
      "'\t=1",
      "'@SUM(A1)",
      "'-1+1",
      "'+55 11",
      `'=HYPERLINK("http://x","y")`,
    ]);
    for (const cell of written) expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getRow(7).getCell(city).value).toBe("'=cmd|calc");
  });

  it('reads in keyset batches across equal request dates, every row once', async () => {
    const db = t.database.db;
    const total = EXPORT_BATCH + 150;
    const at = day(15);
    // Bulk: half the missions share one request date, so the batch boundary falls inside a tie.
    const rows = Array.from({ length: total }, (_, i) => ({
      id: fixedId(0x77, i + 1),
      riskManager: DEMO_IDS.riskManager,
      processNumber: `B-${i}`,
      shipper: CATALOGUE_IDS.shipperAndrade,
      franchisePlan: CATALOGUE_IDS.planAndrade,
      requester: fixedId(0x24, 1),
      status: 'finished' as const,
      city: 'São Paulo',
      state: 'SP',
      createdAt: i % 2 === 0 ? at : new Date(at.getTime() - i * 1_000),
    }));
    await db.insert(missions).values(rows);
    await db.insert(missionBillings).values(
      rows.map((r) => ({ mission: r.id, riskManager: r.riskManager, type: 'shipper' as const, company: r.shipper, missionCreatedAt: r.createdAt })),
    );
    queries = [];
    const response = await gestor.get(`/api/reports/billing/excel?${qs(RANGE)}`);
    expect(response.statusCode).toBe(200);
    expect(queries.filter((q) => q.includes('cursor_at')).length).toBe(2);
    expect(queries.some((q) => /\boffset\b/i.test(q) && q.includes('cursor_at') && !q.includes('offset $'))).toBe(false);
    const sheet = await workbookOf(response.rawPayload);
    expect(sheet.rowCount).toBe(total + 2);
    const column = REPORT_COLUMNS.findIndex((c) => c.field === 'processNumber') + 1;
    const seen = new Set<string>();
    for (let r = 2; r <= total + 1; r++) seen.add(sheet.getRow(r).getCell(column).text);
    expect(seen.size).toBe(total);
  }, 60_000);

  it('stops reading when the client goes away', async () => {
    const db = t.database.db;
    const total = EXPORT_BATCH * 8;
    const rows = Array.from({ length: total }, (_, i) => ({
      id: fixedId(0x78, i + 1),
      riskManager: DEMO_IDS.riskManager,
      processNumber: `Processo de número muito longo para encher o arquivo ${i} ${'x'.repeat(60)}`,
      shipper: CATALOGUE_IDS.shipperAndrade,
      franchisePlan: CATALOGUE_IDS.planAndrade,
      requester: fixedId(0x24, 1),
      status: 'finished' as const,
      city: `Cidade ${i}`,
      state: 'SP',
      createdAt: new Date(day(20).getTime() - i * 1_000),
    }));
    for (let i = 0; i < total; i += 5_000) {
      const chunk = rows.slice(i, i + 5_000);
      await db.insert(missions).values(chunk);
      await db.insert(missionBillings).values(
        chunk.map((r) => ({ mission: r.id, riskManager: r.riskManager, type: 'shipper' as const, company: r.shipper, missionCreatedAt: r.createdAt })),
      );
    }
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    expect(address).toContain(String(port));
    const token = (await login(t.app, 'gestor@demo.com.br'));
    queries = [];
    await new Promise<void>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, path: `/api/reports/billing/excel?${qs(RANGE)}`, headers: { 'x-access-token': token } },
        (res) => {
          expect(res.statusCode).toBe(200);
          // Read one chunk, then hang up without reading more.
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        },
      );
      req.on('error', (err) => (err.message.includes('socket hang up') ? resolve() : reject(err)));
      req.end();
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const batches = queries.filter((q) => q.includes('cursor_at')).length;
    expect(batches).toBeGreaterThan(0);
    expect(batches).toBeLessThan(total / EXPORT_BATCH);
  }, 120_000);
});
