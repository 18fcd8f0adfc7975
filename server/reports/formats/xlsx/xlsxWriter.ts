import type { Writable } from 'node:stream';
import { ZipWriter } from './zipWriter';

/**
 * A one-sheet .xlsx (ECMA-376 SpreadsheetML) streamed onto a stream: a bold, frozen header row, then
 * rows of text, numbers and dates, each column with its width and number format. Written here rather than
 * with ExcelJS's streaming writer, which builds a cell object, a style and an XML node per value and
 * went over the export's memory and time budget (docs/decisions/streamed-excel-and-pdf.md, the
 * figures in docs/performance.md). Rows become text a couple of hundred at a time, deflated as they are
 * written (zipWriter.ts).
 */

export type CellValue = string | number | Date | null;

export interface SheetColumn {
  label: string;
  width: number;
  /** An Excel number format code, for numbers and dates. */
  format?: string;
  /** Long texts of several lines (the audit's changes): wrapped within the column, top-aligned, never cut. */
  wrap?: boolean;
}

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/** Where Excel's serial day 0 falls in JavaScript time (1899-12-30, so that 1900's phantom leap day works out). */
const EXCEL_EPOCH_DAYS = 25569;
const DAY_MS = 86_400_000;
/** Built-in number formats end at 163. */
const FIRST_CUSTOM_FORMAT = 164;
const HEADER_STYLE = 1;
const ROWS_PER_PIECE = 200;

// Characters XML 1.0 cannot carry at all (C0 controls but tab, newline and carriage return;
// unpaired surrogates, which the u flag sees as code points of their own; U+FFFE, U+FFFF): dropped,
// since a file holding one does not open. Input validation keeps them out of the database already.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/gu;
// eslint-disable-next-line no-control-regex -- as above
const NEEDS_ESCAPE = /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/u;

export function xmlText(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text.replace(NOT_XML, '').replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

/** A, B, …, Z, AA, AB, … for 1, 2, … */
export function columnLetters(n: number): string {
  let letters = '';
  for (let rest = n; rest > 0; rest = Math.floor((rest - 1) / 26)) letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

/** The distinct number formats of `columns`, in order: style 2 + i is format i's cell style. */
function formatsOf(columns: SheetColumn[]): string[] {
  return [...new Set(columns.flatMap((c) => (c.format ? [c.format] : [])))];
}

function stylesXml(formats: string[]): string {
  const wrapXf = `<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" applyAlignment="1"><alignment wrapText="1" vertical="top"/></xf>`;
  const numFmts = formats.map((code, i) => `<numFmt numFmtId="${FIRST_CUSTOM_FORMAT + i}" formatCode="${xmlText(code)}"/>`).join('');
  const font = '<sz val="11"/><name val="Calibri"/><family val="2"/>';
  const xf = (numFmtId: number, fontId: number, applies: string) =>
    `<xf numFmtId="${numFmtId}" fontId="${fontId}" fillId="0" borderId="0" xfId="0"${applies}/>`;
  // Style 0 plain, HEADER_STYLE bold, then one per number format, then wrapped text (RowXml's `s` attributes).
  const cellXfs = [xf(0, 0, ''), xf(0, 1, ' applyFont="1"'), ...formats.map((_, i) => xf(FIRST_CUSTOM_FORMAT + i, 0, ' applyNumberFormat="1"')), wrapXf];
  return (
    `${XML_DECL}<styleSheet xmlns="${MAIN_NS}">` +
    (formats.length > 0 ? `<numFmts count="${formats.length}">${numFmts}</numFmts>` : '') +
    `<fonts count="2"><font>${font}</font><font><b/>${font}</font></fonts>` +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    `<cellXfs count="${cellXfs.length}">${cellXfs.join('')}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
    '</styleSheet>'
  );
}

const PACKAGE_PARTS = (sheetName: string, formats: string[]): [string, string][] => [
  [
    '[Content_Types].xml',
    `${XML_DECL}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
      '</Types>',
  ],
  [
    '_rels/.rels',
    `${XML_DECL}<Relationships xmlns="${PKG_REL_NS}">` +
      `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  ],
  [
    'xl/workbook.xml',
    `${XML_DECL}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
      '<bookViews><workbookView/></bookViews>' +
      `<sheets><sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  ],
  [
    'xl/_rels/workbook.xml.rels',
    `${XML_DECL}<Relationships xmlns="${PKG_REL_NS}">` +
      `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
      `<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
  ],
  ['xl/styles.xml', stylesXml(formats)],
];

/** Serialises rows from a given row number on: one string per batch. */
class RowXml {
  private readonly refs: string[];
  private readonly styles: string[];

  constructor(columns: SheetColumn[], formats: string[]) {
    this.refs = columns.map((_, i) => columnLetters(i + 1));
    this.styles = columns.map((c) => (c.format ? ` s="${2 + formats.indexOf(c.format)}"` : c.wrap ? ` s="${2 + formats.length}"` : ''));
  }

  row(r: number, cells: readonly CellValue[], headerStyle = false): string {
    let xml = `<row r="${r}">`;
    for (let c = 0; c < cells.length; c++) {
      const value = cells[c];
      if (value === null || value === undefined) continue;
      const ref = `${this.refs[c] ?? columnLetters(c + 1)}${r}`;
      const style = headerStyle ? ` s="${HEADER_STYLE}"` : (this.styles[c] ?? '');
      if (typeof value === 'string') {
        // Without xml:space a reader may trim the text's edge spaces; most texts have none.
        const space = value.length > 0 && (value.charCodeAt(0) <= 32 || value.charCodeAt(value.length - 1) <= 32) ? ' xml:space="preserve"' : '';
        xml += `<c r="${ref}"${style} t="inlineStr"><is><t${space}>${xmlText(value)}</t></is></c>`;
        continue;
      }
      const number = typeof value === 'number' ? value : value.getTime() / DAY_MS + EXCEL_EPOCH_DAYS;
      // NaN and ±Infinity have no spelling in a cell: left empty rather than corrupting the file.
      if (Number.isFinite(number)) xml += `<c r="${ref}"${style}><v>${number}</v></c>`;
    }
    return `${xml}</row>`;
  }
}

/**
 * Writes the package onto `out` and ends it. `fill` receives `addRows`, which takes the next batch
 * of rows (one array of cells per row, in column order; a Date holds the wall time to show in its
 * UTC fields) and resolves once the batch is on its way, or at once when the client is gone; `gone`
 * tells a filler to stop reading.
 */
export async function streamXlsx(
  out: Writable,
  sheet: { name: string; columns: SheetColumn[] },
  fill: (addRows: (rows: readonly (readonly CellValue[])[]) => Promise<void>, gone: () => boolean) => Promise<void>,
): Promise<void> {
  const zip = new ZipWriter(out);
  const formats = formatsOf(sheet.columns);
  for (const [name, text] of PACKAGE_PARTS(sheet.name, formats)) await zip.file(name, text);
  const rowXml = new RowXml(sheet.columns, formats);
  await zip.stream('xl/worksheets/sheet1.xml', async (write) => {
    const cols = sheet.columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>`).join('');
    await write(
      `${XML_DECL}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
        '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
        '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>' +
        `<sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData>` +
        rowXml.row(
          1,
          sheet.columns.map((c) => c.label),
          true,
        ),
    );
    let next = 2;
    await fill(
      async (rows) => {
        // A few hundred rows per piece: each piece's text is garbage once deflated, and many small
        // pieces stay in the young generation where a whole batch's text would not.
        for (let start = 0; start < rows.length; start += ROWS_PER_PIECE) {
          let xml = '';
          for (const cells of rows.slice(start, start + ROWS_PER_PIECE)) xml += rowXml.row(next++, cells);
          await write(xml);
        }
      },
      () => zip.gone,
    );
    if (!zip.gone) await write('</sheetData></worksheet>');
  });
  if (!zip.gone) await zip.finish();
}
