/**
 * What the billing report's Excel export (GET billing/excel) and the browser agree on beyond the
 * report's columns: the header carrying the row count (so the screen can show a percentage while
 * the file streams) and the file's name.
 */

/** The number of data rows the streamed file will hold, sent before the first byte. */
export const REPORT_ROWS_HEADER = 'X-Report-Rows';

/**
 * Roughly how many compressed bytes one row adds to the file (the `reports` bench's figure,
 * docs/performance.md); the screen's percentage is an estimate from it and never reaches 100
 * before the download ends.
 */
export const REPORT_BYTES_PER_ROW = 185;
/** The workbook's fixed parts (styles, workbook, header row), compressed. */
export const REPORT_FILE_OVERHEAD = 4_000;

/** A date as dd-mm-aaaa in São Paulo, for file names. */
function fileDate(iso: string): string {
  const parts = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' })
    .formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}-${part('month')}-${part('year')}`;
}

/** 'relatorio-faturamento-01-03-2026-a-31-03-2026.xlsx' (ASCII: it travels in a header). */
export const reportFileName = (start: string, end: string): string =>
  `relatorio-faturamento-${fileDate(start)}-a-${fileDate(end)}.xlsx`;
