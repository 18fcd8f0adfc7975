/**
 * The mission PDF (docs/rules/reports.md), drawn with pdfkit. Why pdfkit: pure
 * JavaScript with no headless browser or native build, it writes the document as a stream (the
 * route pipes it to the response), its standard fonts (Helvetica, WinAnsi
 * encoding) carry every Portuguese accent without embedding a font file, and it is long maintained
 * with typings (@types/pdfkit). pdfmake would add a layout layer over pdfkit we do not need; a
 * browser-based renderer would cost seconds and hundreds of MB per PDF against the 500 ms budget.
 */
import PDFDocument from 'pdfkit';
import { ACCENT, BOLD, contentWidth, dash, empty, ensureRoom, fields, FONT, heading, MARGIN, MUTED, table, type Doc } from './pdfParts';
import { BILLING_TARGET_LABELS } from '../../../../src/domain/billing/access';
import { formatDuration, formatKilometres, formatKm } from '../../../../src/domain/billing/totals';
import { eventPositionText } from '../../../../src/domain/positions/presence';
import type { OdometerReading } from '../../../../src/domain/billing/types';
import { maskCep } from '../../../../src/domain/masks';
import { OCCURRENCE_TYPE_LABELS, VEHICLE_TYPE_LABELS } from '../../../../src/domain/missionDetails/types';
import { MISSION_EVENT_LABELS, MISSION_STATUS_LABELS, type MissionEventAction } from '../../../../src/domain/missions';
import { REPORT_KIND_LABELS } from '../../../../src/domain/missions/rowActions';
import { shortHash } from '../../../../src/domain/reports/chain';
import { CHAIN_BROKEN, CHAIN_INTACT } from '../../../../src/domain/reports/missionReport';
import { FISCAL_KIND_LABELS, FISCAL_KINDS, formatFiscalKey } from '../../../../src/domain/validators/fiscalKey';
import { formatMoney } from '../../../../src/domain/validators/money';
import { detailChangeOf, eventPositionOf } from '../../../missions/events';
import { createdAtDisplay } from '../../../missions/rows';
import type { BillingBlock, MissionDossier } from '../../missionDossier';

const when = (iso: string | Date) => createdAtDisplay(new Date(iso));
/** A CEP as people write it ('01310-100'); stored as its 8 digits. */
const cepText = (zipcode: string | null | undefined) => (zipcode ? maskCep(zipcode) : '');
const reading = (r: OdometerReading | null) => (r ? `${formatKilometres(r.km)} — ${when(r.time)}` : '—');

function header(doc: Doc, dossier: MissionDossier): void {
  const { mission, kind } = dossier;
  doc.font(BOLD).fontSize(16).fillColor(ACCENT).text(mission.riskManagerName, MARGIN, MARGIN);
  doc.font(FONT).fontSize(11).fillColor('black').text(`Relatório da missão — ${REPORT_KIND_LABELS[kind]}`);
  doc
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(`Nº do processo: ${dash(mission.processNumber)} · Gerado em ${when(dossier.generatedAt)} (horário de Brasília)`)
    .fillColor('black');
}

function missionData(doc: Doc, dossier: MissionDossier): void {
  const { mission } = dossier;
  const location = mission.location;
  const address = [location.address, location.number, location.neighborhood].filter(Boolean).join(', ');
  const city = [location.city, location.state].filter(Boolean).join(' - ');
  heading(doc, 'Dados da missão');
  fields(doc, [
    ['Nº do processo', dash(mission.processNumber)],
    ['Status', dash(MISSION_STATUS_LABELS[mission.status])],
    ['Cliente', dash(mission.shipperName)],
    ['Solicitante', dash(mission.requesterNameDisplay)],
    ['Serviço', dash(mission.franchisePlanName)],
    ['Motivo', dash(mission.cause?.name)],
    ['Transportadora', dash(mission.carrier?.name)],
    ['Local', dash(mission.place?.name)],
    ['Liderança', dash(mission.leadership?.name)],
    ['Prestadora', dash(mission.serviceProvider ? mission.serviceProviderName : null)],
    ['Endereço', dash([address, city, cepText(location.zipcode)].filter(Boolean).join(' — '))],
    ['Data da solicitação', mission.createdAtDisplay],
  ]);
}

/** The cargo's NF-e, CT-e and MDF-e keys in groups of four (docs/rules/fiscal-documents.md). */
function fiscalDocuments(doc: Doc, dossier: MissionDossier): void {
  heading(doc, 'Documentos fiscais da carga');
  const rows = FISCAL_KINDS.flatMap((kind) => dossier.fiscalKeys[kind].map((key) => [FISCAL_KIND_LABELS[kind], formatFiscalKey(key)]));
  if (rows.length === 0) return empty(doc, 'Nenhuma chave informada.');
  table(doc, ['Documento', 'Chave de acesso'], rows, [0.2, 0.8]);
}

/** Where the team was at an arrival, a leaving or an alarm (the timeline's own line). */
const positionLine = (event: { action: string; details: unknown }): string | null => {
  const position = eventPositionOf(event);
  return position ? eventPositionText(position) : null;
};

function timeline(doc: Doc, dossier: MissionDossier): void {
  const { events, chain } = dossier;
  heading(doc, 'Linha do tempo');
  if (events.length === 0) {
    empty(doc, 'Nenhum evento registrado.');
  } else {
    table(
      doc,
      ['Data', 'Evento', 'Por', 'Hash'],
      events.map((event) => [
        when(event.createdAt),
        [MISSION_EVENT_LABELS[event.action as MissionEventAction] ?? event.action, event.serviceProviderName, detailChangeOf(event)?.item, positionLine(event)]
          .filter(Boolean)
          .join(' — '),
        event.actorName,
        event.hash ? shortHash(event.hash, 16) : '—',
      ]),
      [0.18, 0.4, 0.22, 0.2],
    );
  }
  ensureRoom(doc, 52);
  doc.moveDown(0.4);
  // A document for the client names the holder only: the other bids are counted, not listed.
  if (dossier.proposals !== null) doc.font(FONT).fontSize(9).text(`Propostas recebidas: ${dossier.proposals}`, MARGIN, doc.y);
  const verdict = chain.intact ? CHAIN_INTACT : `${CHAIN_BROKEN} no evento ${(chain.brokenAt?.position ?? 0) + 1}`;
  doc.font(BOLD).fontSize(9).fillColor(chain.intact ? '#1b5e20' : '#b71c1c').text(verdict, MARGIN, doc.y);
  doc.font(FONT).fontSize(8).fillColor(MUTED).text(`Hash da cabeça da cadeia (SHA-256): ${chain.headHash ?? '—'}`);
  doc.fillColor('black');
}

function vehicles(doc: Doc, dossier: MissionDossier): void {
  heading(doc, 'Veículos');
  const rows = dossier.details.vehiclesDisplay;
  if (rows.length === 0) return empty(doc, 'Nenhum veículo registrado.');
  table(
    doc,
    ['Placa', 'Tipo', 'Motorista', 'Marca / modelo', 'Ano', 'Cor'],
    rows.map((v) => [
      v.plate,
      VEHICLE_TYPE_LABELS[v.type] ?? v.type,
      v.driver,
      dash([v.make, v.model].filter(Boolean).join(' ')),
      v.year ? String(v.year) : '—',
      dash(v.color),
    ]),
    [0.14, 0.12, 0.28, 0.26, 0.08, 0.12],
  );
}

function agents(doc: Doc, dossier: MissionDossier): void {
  heading(doc, 'Agentes');
  const rows = dossier.details.securityAgentsDisplay;
  if (rows.length === 0) return empty(doc, 'Nenhum agente registrado.');
  table(
    doc,
    // 'CNV': whether each agent was licensed on the day he was put on the mission (docs/rules/agents.md).
    ['Agente', 'CNV', 'Início', 'Chegada ao local', 'Saída do local', 'Fim', 'KM total', 'Tempo total'],
    rows.map((a) => [
      a.name,
      a.licence,
      reading(a.odometer.start),
      reading(a.odometer.arrivalOnPlace),
      reading(a.odometer.endOnPlace),
      reading(a.odometer.end),
      `${a.totals.kmText} km`,
      a.totals.timeText,
    ]),
    [0.14, 0.12, 0.13, 0.13, 0.13, 0.13, 0.11, 0.11],
  );
}

function occurrences(doc: Doc, dossier: MissionDossier): void {
  heading(doc, 'Ocorrências');
  const rows = dossier.details.ocurrenciesDisplay;
  if (rows.length === 0) return empty(doc, 'Nenhuma ocorrência registrada.');
  table(
    doc,
    ['Data', 'Tipo', 'Descrição', 'Local'],
    rows.map((o) => [
      when(o.date),
      OCCURRENCE_TYPE_LABELS[o.type] ?? o.type,
      o.description,
      [o.address, o.number, o.city, o.state, cepText(o.zipcode)].filter(Boolean).join(', '),
    ]),
    [0.16, 0.16, 0.4, 0.28],
  );
}

function attachments(doc: Doc, dossier: MissionDossier): void {
  heading(doc, 'Anexos');
  const rows = dossier.details.attachments;
  if (rows.length === 0) return empty(doc, 'Nenhum anexo registrado.');
  table(
    doc,
    ['Descrição', 'Arquivo', 'Enviado em'],
    rows.map((a) => [a.description, a.file, when(a.createdAt)]),
    [0.45, 0.35, 0.2],
  );
}

function billingSection(doc: Doc, billing: BillingBlock | null, title: string): void {
  heading(doc, title);
  if (!billing || billing.status === 'created') return empty(doc, 'Faturamento ainda não calculado para esta missão.');
  const km = (metres: number) => `${formatKm(metres)} km`;
  fields(doc, [
    ['Serviço', dash(billing.planName)],
    ['Situação', billing.billedAt ? `Faturado em ${when(billing.billedAt)}` : 'Em faturamento'],
  ]);
  doc.moveDown(0.3);
  table(
    doc,
    ['', 'Franquia', 'Utilizado', 'Excedente', 'Valor excedente'],
    [
      ['Hora', formatDuration(billing.timeLimitMinutes), formatDuration(billing.timeUsageMinutes), formatDuration(billing.timeOverageMinutes), formatMoney(billing.timeOverageCents)],
      ['KM', km(billing.distanceLimitMetres), km(billing.distanceUsageMetres), km(billing.distanceOverageMetres), formatMoney(billing.distanceOverageCents)],
    ],
    [0.12, 0.22, 0.22, 0.22, 0.22],
  );
  doc.moveDown(0.3);
  table(
    doc,
    ['Composição', 'Valor'],
    [
      ['Valor do serviço', formatMoney(billing.priceCents)],
      ['Pedágio do plano', formatMoney(billing.planTollCents)],
      ['Pedágio', formatMoney(billing.tollCents)],
      ['Despesas', formatMoney(billing.expensesCents)],
      ['Acréscimos', formatMoney(billing.additionsCents)],
      ['Descontos', `- ${formatMoney(billing.discountsCents)}`],
      ['Custo final', formatMoney(billing.finalCostCents)],
    ],
    [0.7, 0.3],
    { boldLast: true },
  );
}

/**
 * Every page's footer: the mission and when the report was made on the left, 'Página n de N' on
 * the right, so a printed page out of its pile still says what it belongs to. Written below the
 * bottom margin (pdfkit would start a new page for text there, hence the margin lifted meanwhile).
 */
function footers(doc: Doc, dossier: MissionDossier): void {
  const { start, count } = doc.bufferedPageRange();
  const label = `Missão ${dossier.mission.processNumber ?? dossier.mission._id} — gerado em ${when(dossier.generatedAt)}`;
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN + 12;
    doc.font(FONT).fontSize(7.5).fillColor(MUTED);
    doc.text(label, MARGIN, y, { width: contentWidth(doc) / 2, lineBreak: false });
    doc.text(`Página ${i - start + 1} de ${count}`, MARGIN, y, { width: contentWidth(doc), align: 'right', lineBreak: false });
    doc.page.margins.bottom = margin;
  }
}

/** The PDF as a stream, sent once its last page is drawn (pages are held until then for the 'de N' of the footers). */
export function renderMissionPdf(dossier: MissionDossier): Doc {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: `Relatório da missão ${dossier.mission.processNumber ?? dossier.mission._id}`,
      Author: dossier.mission.riskManagerName,
      CreationDate: dossier.generatedAt,
    },
  });
  header(doc, dossier);
  missionData(doc, dossier);
  fiscalDocuments(doc, dossier);
  if (dossier.kind !== 'simple') {
    const target = dossier.kind === 'shipper' ? 'shipper' : 'serviceProvider';
    billingSection(doc, dossier.billing, `Faturamento — ${BILLING_TARGET_LABELS[target]}`);
  }
  agents(doc, dossier);
  vehicles(doc, dossier);
  occurrences(doc, dossier);
  attachments(doc, dossier);
  timeline(doc, dossier);
  footers(doc, dossier);
  doc.end();
  return doc;
}
