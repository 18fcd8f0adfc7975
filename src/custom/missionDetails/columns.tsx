import type { ReactNode } from 'react';
import type { Attachment, Occurrence, SecurityAgentDisplay, Vehicle } from '../../domain/missionDetails';
import { OCCURRENCE_TYPE_LABELS, VEHICLE_TYPE_LABELS } from '../../domain/missionDetails';
import { maskCpf } from '../../domain/masks';
import { AGENT_HOURS_LABEL, formatKilometres } from '../../domain/billing/totals';
import { formatDateTime } from '../../domain/validators/dates';
import { AttachmentPreview } from './AttachmentPreview';
import { captureText } from '../../domain/missionDetails/captureText';

/** The table columns of each tab (the agents' extended set: its totals, docs/rules/missions.md). */
export interface Column<T> {
  label: string;
  render: (item: T) => ReactNode;
}

const text = (value: string | number | null) => (value === null || value === '' ? '-' : String(value));

export const VEHICLE_COLUMNS: Column<Vehicle>[] = [
  { label: 'Motorista', render: (v) => v.driver },
  { label: 'CPF', render: (v) => (v.driverPIN ? maskCpf(v.driverPIN) : '-') },
  { label: 'Espécie', render: (v) => VEHICLE_TYPE_LABELS[v.type] },
  { label: 'Placa', render: (v) => v.plate },
  { label: 'Marca', render: (v) => text(v.make) },
  { label: 'Modelo', render: (v) => text(v.model) },
  { label: 'Ano', render: (v) => text(v.year) },
  { label: 'Cor', render: (v) => text(v.color) },
];

export const OCCURRENCE_COLUMNS: Column<Occurrence>[] = [
  { label: 'Data', render: (o) => formatDateTime(o.date) },
  { label: 'Tipo', render: (o) => OCCURRENCE_TYPE_LABELS[o.type] },
  { label: 'Descrição', render: (o) => o.description },
  { label: 'Cidade', render: (o) => `${o.city} - ${o.state}` },
];

const point = (a: SecurityAgentDisplay, p: keyof SecurityAgentDisplay['odometer']) => {
  const reading = a.odometer[p];
  return reading ? `${formatKilometres(reading.km)} · ${formatDateTime(reading.time)}` : '-';
};

export const AGENT_COLUMNS: Column<SecurityAgentDisplay>[] = [
  { label: 'Nome', render: (a) => a.name },
  // Licensed on the day he was put on the mission (docs/rules/agents.md).
  { label: 'CNV', render: (a) => a.licence },
  { label: 'Início', render: (a) => point(a, 'start') },
  { label: 'Chegada no local', render: (a) => point(a, 'arrivalOnPlace') },
  { label: 'Saída do local', render: (a) => point(a, 'endOnPlace') },
  { label: 'Fim', render: (a) => point(a, 'end') },
  { label: AGENT_HOURS_LABEL, render: (a) => a.totals.timeText },
  { label: 'Total de km', render: (a) => a.totals.kmText },
];

export const ATTACHMENT_COLUMNS: Column<Attachment>[] = [
  { label: 'Arquivo', render: (a) => <AttachmentPreview attachment={a} /> },
  { label: 'Descrição', render: (a) => a.description },
  // When and where a photo was taken (docs/rules/field-app.md, "Fotos do local").
  { label: 'Captura', render: (a) => captureText(a) ?? '-' },
  { label: 'Enviado em', render: (a) => formatDateTime(a.createdAt) },
];
