/**
 * The drawing pieces of the product's PDFs (pdfkit; why pdfkit: missionPdf.ts): margins and fonts,
 * headings, label/value pairs and tables that break across pages. The mission PDF and the data
 * subject's export (server/privacy/subjectPdf.ts) are drawn with them.
 */

export const MARGIN = 40;
export const FONT = 'Helvetica';
export const BOLD = 'Helvetica-Bold';
export const MUTED = '#555555';
export const ACCENT = '#1f3b57';
export const CELL_PAD = 3;

export type Doc = PDFKit.PDFDocument;

export const dash = (value: string | null | undefined) => (value && value.trim() ? value : '—');

export const contentWidth = (doc: Doc) => doc.page.width - 2 * MARGIN;
export const bottom = (doc: Doc) => doc.page.height - MARGIN;

export function ensureRoom(doc: Doc, height: number): void {
  if (doc.y + height > bottom(doc)) doc.addPage();
}

export function heading(doc: Doc, title: string): void {
  ensureRoom(doc, 40);
  doc.moveDown(0.8).font(BOLD).fontSize(12).fillColor(ACCENT).text(title, MARGIN, doc.y);
  const y = doc.y + 2;
  doc.moveTo(MARGIN, y).lineTo(MARGIN + contentWidth(doc), y).lineWidth(0.5).strokeColor(ACCENT).stroke();
  doc.y = y + 4;
  doc.font(FONT).fontSize(9).fillColor('black');
}

export function empty(doc: Doc, text: string): void {
  doc.font(FONT).fontSize(9).fillColor(MUTED).text(text, MARGIN, doc.y).fillColor('black');
}

/** Label/value pairs in two columns. */
export function fields(doc: Doc, pairs: [string, string][]): void {
  const half = contentWidth(doc) / 2;
  const labelWidth = 95;
  for (let i = 0; i < pairs.length; i += 2) {
    const row = pairs.slice(i, i + 2);
    const height = Math.max(...row.map(([, value]) => doc.font(FONT).fontSize(9).heightOfString(value, { width: half - labelWidth - 8 })));
    ensureRoom(doc, height + 4);
    const y = doc.y;
    row.forEach(([label, value], column) => {
      const x = MARGIN + column * half;
      doc.font(BOLD).fontSize(9).text(label, x, y, { width: labelWidth });
      doc.font(FONT).fontSize(9).text(value, x + labelWidth, y, { width: half - labelWidth - 8 });
    });
    doc.y = y + height + 3;
  }
}

/** A table whose column widths are fractions of the page; rows wrap and break across pages. */
export function table(doc: Doc, header: string[], rows: string[][], fractions: number[], options: { boldLast?: boolean } = {}): void {
  const widths = fractions.map((f) => f * contentWidth(doc));
  const drawRow = (cells: string[], font: string, shade: boolean, isHeader = false) => {
    doc.font(font).fontSize(8.5);
    const height = Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: (widths[i] ?? 0) - 2 * CELL_PAD }))) + 2 * CELL_PAD;
    if (doc.y + height > bottom(doc)) {
      doc.addPage();
      // A table continued on the next page repeats its header there.
      if (!isHeader) drawRow(header, BOLD, true, true);
    }
    const y = doc.y;
    if (shade) doc.rect(MARGIN, y, contentWidth(doc), height).fill('#e8eef4').fillColor('black');
    let x = MARGIN;
    cells.forEach((cell, i) => {
      doc.font(font).fontSize(8.5).text(cell, x + CELL_PAD, y + CELL_PAD, { width: (widths[i] ?? 0) - 2 * CELL_PAD });
      x += widths[i] ?? 0;
    });
    doc.y = y + height;
  };
  drawRow(header, BOLD, true, true);
  rows.forEach((cells, i) => drawRow(cells, options.boldLast && i === rows.length - 1 ? BOLD : FONT, false));
}
