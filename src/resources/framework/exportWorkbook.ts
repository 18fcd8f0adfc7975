/**
 * 'Extrair relatório': the current filtered list as an .xlsx whose header is the visible columns'
 * labels and whose cells are the texts shown on screen. exceljs is large, so it is imported only
 * when someone exports.
 */
import { saveBlob } from '../../dataProvider/saveFile';

export interface SheetData {
  sheetName: string;
  header: string[];
  rows: string[][];
}

/** Builds the workbook and answers its .xlsx bytes. */
export async function buildWorkbook({ sheetName, header, rows }: SheetData): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  // Excel refuses sheet names over 31 characters or with []:*?/\ in them.
  const sheet = workbook.addWorksheet(sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Relatório');
  sheet.addRow(header).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  sheet.columns.forEach((column, i) => {
    const widest = Math.max(header[i]?.length ?? 0, ...rows.map((row) => row[i]?.length ?? 0));
    column.width = Math.min(Math.max(widest + 2, 10), 60);
  });
  const buffer = await workbook.xlsx.writeBuffer();
  return buffer;
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Hands the bytes to the browser as a download. */
export function downloadFile(bytes: ArrayBuffer, fileName: string, mime = XLSX_MIME): void {
  saveBlob(new Blob([bytes], { type: mime }), fileName);
}

/** 'Motivo Acionamento' → 'motivo-acionamento-2025-01-31.xlsx' */
export function exportFileName(title: string, now: Date = new Date()): string {
  const slug = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${slug || 'relatorio'}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.xlsx`;
}
