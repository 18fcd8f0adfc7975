/**
 * POST /api/admin/lists/excel: a list screen's rows written as .xlsx by the server's writer, read
 * back with exceljs; signed-in only; a body outside the contract is refused with the schema's issues.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_EXPORT_LIMITS } from '../../src/domain/listExport';
import { createTestApp, login, type TestApp } from './helpers';

const URL = '/api/admin/lists/excel';
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app, 'gestor@demo.com.br');
}, 120_000);
afterAll(async () => t?.close());

/** The answer's workbook (exceljs's types want an ArrayBuffer; it reads a Buffer). */
async function workbookOf(payload: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  return workbook;
}

const post = (payload: unknown, headers: Record<string, string> = { 'x-access-token': token }) =>
  t.app.inject({ method: 'POST', url: URL, headers, payload: payload as Record<string, unknown> });

describe('list export', () => {
  it('writes the header (bold) and the rows as sent, the title as the sheet name', async () => {
    const response = await post({
      title: 'Motivo Acionamento',
      header: ['Motivo', 'Telefone', 'Ativo'],
      rows: [
        ['Roubo', '-', 'Sim'],
        ['=SOMA(A1:A2)', '', 'Não'],
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = await workbookOf(response.rawPayload);
    const sheet = workbook.getWorksheet('Motivo Acionamento');
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Motivo', 'Telefone', 'Ativo']);
    expect([1, 2, 3].map((column) => sheet?.getRow(1).getCell(column).font?.bold)).toEqual([true, true, true]);
    // A lone '-' (an empty phone) stays; a text that would run as a formula gets its apostrophe.
    expect(sheet?.getRow(2).values).toEqual([undefined, 'Roubo', '-', 'Sim']);
    expect(sheet?.getRow(3).values).toEqual([undefined, "'=SOMA(A1:A2)", undefined, 'Não']);
    expect(sheet?.rowCount).toBe(3);
  });

  it('names the sheet within Excel’s rules: at most 31 characters, none of []:*?/\\', async () => {
    const response = await post({ title: 'Serviços: [Franquias]/Planos de Prestadoras', header: ['Nome'], rows: [] });
    expect(response.statusCode).toBe(200);
    const workbook = await workbookOf(response.rawPayload);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Serviços   Franquias  Planos de']);
  });

  it('takes a list bigger than the server’s usual 1 MiB body, up to LIST_EXPORT_LIMITS.bodyBytes', async () => {
    const rows = Array.from({ length: 3_000 }, (_, i) => [`Linha ${i}`, 'x'.repeat(500)]);
    const response = await post({ title: 'Grande', header: ['Nome', 'Texto'], rows });
    expect(JSON.stringify(rows).length).toBeGreaterThan(1024 * 1024);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="relatorio.xlsx"');
  });

  it('answers 401 without a session and 400 with the issues for a body outside the contract', async () => {
    expect((await post({ title: 'X', header: ['A'], rows: [] }, {})).statusCode).toBe(401);
    const bad = await post({ title: '', header: [], rows: [[1]] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: { path: string }[] }>().errors.map((issue) => issue.path).sort()).toEqual(['header', 'rows.0.0', 'title']);
    const tooMany = await post({ title: 'X', header: Array.from({ length: LIST_EXPORT_LIMITS.columns + 1 }, () => 'A'), rows: [] });
    expect(tooMany.statusCode).toBe(400);
  });
});
