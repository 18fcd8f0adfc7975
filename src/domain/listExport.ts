/**
 * 'Extrair relatório' of a list screen: the browser sends the rows as the screen shows them (the
 * texts of its columns, under the columns' labels) and the server writes them as .xlsx with the
 * same writer as every other spreadsheet of the product, so the browser ships no Excel engine.
 * The rows are the screen's: the cell texts (option labels, masks, Sim/Não, a risk manager's name)
 * are composed in the browser from the list's declaration, exactly as on screen.
 */

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

/** The answer: the workbook itself. */
export const LIST_EXPORT_RESPONSES = { 200: { description: 'Planilha .xlsx', type: 'string', format: 'binary' } } as const;

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
