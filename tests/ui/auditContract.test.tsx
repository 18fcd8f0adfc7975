/**
 * The audit trail's calls (src/dataProvider/auditApi.ts) against the real server over the contract
 * harness: a write made through the data provider shows in the page with its before and after,
 * the filters, paging and order travel as the server reads them, the Excel holds the same entries,
 * and a bad filter or a user without the right gets the server's answer.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataProvider, type AppRecord } from '../../src/dataProvider';
import { createAuditApi } from '../../src/dataProvider/auditApi';
import { HttpError } from '../../src/dataProvider/HttpError';
import { resourceEndpoints } from '../../src/resources';
import { DEMO_IDS } from '../../server/demo/seed';
import { CATALOGUE_IDS } from '../../server/demo/seedCatalogues';
import { createTestApp, type TestApp } from '../server/helpers';
import { signIn } from './contractHarness';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
}, 120_000);
afterAll(async () => server?.close());

const NEWEST = { page: 1, perPage: 25, sort: 'at', order: 'DESC' } as const;

describe('the audit trail through the data provider', () => {
  it('shows an edit made through the data provider, filtered, paged, sorted and exported; refusals come back as HttpError', { timeout: 60_000 }, async () => {
    const { httpClient } = await signIn(server.app, 'gestor@demo.com.br');
    const gestor = createDataProvider({ httpClient, endpoints: resourceEndpoints });
    const cause = (await gestor.getOne<AppRecord>('causes', { id: CATALOGUE_IDS.causeRoubo })).data;
    await gestor.update<AppRecord>('causes', { id: cause.id, data: { ...cause, name: 'Roubo de carga (alterado)' }, previousData: cause });

    const page = await gestor.auditPage({ ...NEWEST, entity: 'causes', record: CATALOGUE_IDS.causeRoubo });
    expect(page).toMatchObject({ page: 1, totalPages: 1, total: 1 });
    expect(page.data[0]).toMatchObject({
      entity: 'causes',
      action: 'update',
      record: CATALOGUE_IDS.causeRoubo,
      riskManager: DEMO_IDS.riskManager,
      riskManagerName: 'Gerenciadora Demo',
      userEmail: 'gestor@demo.com.br',
      before: { name: 'Roubo de carga' },
      after: { name: 'Roubo de carga (alterado)' },
      names: { [CATALOGUE_IDS.causeRoubo]: 'Roubo de carga (alterado)' },
    });

    // The sign-in above is an entry too: user, period, sort and page size travel as query parameters.
    const signIns = await gestor.auditPage({ ...NEWEST, user: 'gestor@', entity: 'session', start: new Date(Date.now() - 3_600_000), end: new Date(Date.now() + 60_000) });
    expect(signIns.data.map((e) => e.action)).toEqual(['signIn']);
    const firstOfTwo = await gestor.auditPage({ page: 1, perPage: 1, sort: 'entity', order: 'ASC' });
    expect(firstOfTwo).toMatchObject({ total: 2, totalPages: 2 });
    expect(firstOfTwo.data.map((e) => e.entity)).toEqual(['causes']);
    expect((await gestor.auditPage({ ...NEWEST, start: new Date(Date.now() + 3_600_000) })).total).toBe(0);

    const saved: { blob: Blob; name: string }[] = [];
    const api = createAuditApi(httpClient, (blob, name) => saved.push({ blob, name }));
    expect(await api.downloadAuditExcel({ entity: 'causes', sort: 'at', order: 'DESC' })).toEqual({ fileName: 'auditoria.xlsx' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await saved[0]!.blob.arrayBuffer());
    const sheet = workbook.getWorksheet('Auditoria')!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(9).value).toBe('Motivo: Roubo de carga');
    expect(sheet.getRow(2).getCell(10).value).toBe('Motivo: Roubo de carga (alterado)');

    const bad = await gestor.auditPage({ ...NEWEST, entity: 'nada' }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(HttpError);
    expect((bad as HttpError).status).toBe(400);
    expect(JSON.stringify((bad as HttpError).body)).toContain('Opção inválida');

    const operador = createDataProvider({ httpClient: (await signIn(server.app, 'operador@demo.com.br')).httpClient, endpoints: resourceEndpoints });
    const refused = await operador.auditPage(NEWEST).catch((e: unknown) => e);
    expect((refused as HttpError).status).toBe(403);
  });
});
