/**
 * 'Extrair relatório' of a list screen: the browser sends the rows as the screen shows them (the
 * texts of its columns, under the columns' labels) and the server writes them as .xlsx with the
 * same writer as every other spreadsheet of the product, so the browser ships no Excel engine.
 * The rows are the screen's: the cell texts (option labels, masks, Sim/Não, a risk manager's name)
 * are composed in the browser from the list's declaration, exactly as on screen.
 */
import { defineContract, type BodyOf } from './contract';
import { FILE_TYPES, fileAnswer } from './fileAnswer';

/** POST, relative to the admin service's base. */
export const LIST_EXPORT_PATH = 'lists/excel';

export const LIST_EXPORT_LIMITS = {
  titleLength: 200,
  columns: 50,
  rows: 50_000,
  textLength: 2_000,
  /** Bytes of a request: 50,000 rows of a few dozen characters per column fit. */
  bodyBytes: 16 * 1024 * 1024,
} as const;

const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;

/** The request: the sheet's title (its tab name), the header and the rows, cell texts in column order. */
export const LIST_EXPORT_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'header', 'rows'],
  properties: {
    title: { type: 'string', minLength: 1, maxLength: LIST_EXPORT_LIMITS.titleLength },
    header: { type: 'array', minItems: 1, maxItems: LIST_EXPORT_LIMITS.columns, items: text(LIST_EXPORT_LIMITS.textLength) },
    rows: {
      type: 'array',
      maxItems: LIST_EXPORT_LIMITS.rows,
      items: { type: 'array', maxItems: LIST_EXPORT_LIMITS.columns, items: text(LIST_EXPORT_LIMITS.textLength) },
    },
  },
} as const;

/**
 * POST lists/excel as a contract (src/domain/contract.ts): the route (server/catalogues/listExport.ts)
 * and the data provider's call (src/dataProvider/listExportApi.ts) are made from it; the answer is
 * the workbook itself, a file answer (fileAnswer.ts).
 */
export const LIST_EXPORT_CONTRACT = defineContract({
  method: 'POST',
  base: 'admin',
  path: LIST_EXPORT_PATH,
  summary: 'Planilha .xlsx das linhas de uma lista, como a tela as mostra',
  body: LIST_EXPORT_BODY,
  responses: { 200: fileAnswer(FILE_TYPES.xlsx, 'Planilha .xlsx') },
});

/** The rows a list screen sends. */
export type ListSheet = BodyOf<typeof LIST_EXPORT_CONTRACT>;

/** 'Motivo Acionamento' → 'motivo-acionamento-2025-01-31.xlsx' (the browser's date: the day the person sees). */
export function listExportFileName(title: string, now: Date = new Date()): string {
  const slug = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${slug || 'relatorio'}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.xlsx`;
}
