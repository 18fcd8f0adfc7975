import PDFDocument from 'pdfkit';
import type { SubjectAnswer } from '../../src/domain/privacy/contracts';
import { formatSaoPauloDateTime } from '../../src/domain/validators/dates';
import { BOLD, empty, fields, FONT, heading, MARGIN, MUTED, type Doc } from '../reports/formats/pdf/pdfParts';
import { SUBJECT_SOURCES } from './sources';

/**
 * The data subject's export as a readable PDF in Portuguese (LGPD art. 19 II, docs/rules/privacy.md):
 * one section per source, each record's fields as label and value, and whether an anonymisation
 * would keep it and why. Drawn with the mission PDF's pieces.
 */

const KIND_LABELS: Record<SubjectAnswer['kind'], string> = { cpf: 'CPF', email: 'E-mail', name: 'Nome' };

const shown = (value: string | number | null): string => {
  if (value === null || value === '') return '—';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return formatSaoPauloDateTime(value);
  return String(value);
};

export function renderSubjectPdf(answer: SubjectAnswer, tenantName: string): Doc {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: 'Dados do titular', Author: tenantName } });
  doc.font(BOLD).fontSize(16).text('Dados pessoais do titular', MARGIN, MARGIN);
  doc.font(FONT).fontSize(9).fillColor(MUTED).text(`${tenantName} — gerado em ${formatSaoPauloDateTime(answer.generatedAt)} (LGPD art. 18 e 19)`).fillColor('black');
  fields(doc, [
    ['Busca', `${KIND_LABELS[answer.kind]}: ${answer.subject}`],
    ['Registros', String(answer.records.length)],
  ]);
  for (const source of SUBJECT_SOURCES) {
    heading(doc, source.label);
    const records = answer.records.filter((record) => record.source === source.name);
    if (records.length === 0) empty(doc, 'Nenhum registro.');
    for (const record of records) {
      const pairs: [string, string][] = Object.entries(record.data).map(([label, value]) => [label, shown(value)]);
      if (record.kept) pairs.push(['Mantido', record.kept]);
      fields(doc, pairs);
      doc.moveDown(0.4);
    }
  }
  doc.end();
  return doc;
}
