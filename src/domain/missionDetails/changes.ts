/**
 * What a write to a mission's sub-collections changed, as the mission timeline tells it: the item by
 * the name a person knows it by (the plate, the occurrence's type and date, the agent's name, the
 * file's description) and each field's text before and after. The server writes these texts into
 * the event, so the hash chain covers exactly what the timeline and the PDF show; the delete
 * confirmation names the item the same way.
 */
import { formatKilometres } from '../billing/totals';
import type { OdometerPoint } from '../billing/types';
import { maskCpf } from '../masks';
import type { MissionEventAction } from '../missions/eventActions';
import type { DetailChange, DetailFieldChange } from '../missions/types';
import type { SubCollection } from './collections';
import type { DetailsOperation } from './messages';
import { OCCURRENCE_TYPE_LABELS, VEHICLE_TYPE_LABELS, type Attachment, type Occurrence, type SecurityAgent, type Vehicle } from './types';

/** The item type of each sub-collection (an agent's totals are computed, not written). */
export interface DetailItems {
  vehicles: Vehicle;
  ocurrencies: Occurrence;
  securityagents: SecurityAgent;
  attachments: Attachment;
}

const brasilia = new Intl.DateTimeFormat('pt-BR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'America/Sao_Paulo',
});

/** dd/mm/aaaa hh:mm in Brasília time, wherever it is formatted (the server writes it into the chain). */
export const brasiliaDateTime = (value: string | Date): string => brasilia.format(new Date(value)).replace(',', '');

const NAMES: { [C in SubCollection]: (item: DetailItems[C]) => string } = {
  vehicles: (v) => v.plate,
  ocurrencies: (o) => `${OCCURRENCE_TYPE_LABELS[o.type]} de ${brasiliaDateTime(o.date)}`,
  securityagents: (a) => a.name,
  attachments: (a) => a.description,
};

/** The item as a person names it: 'ABC1D23', 'Roubo de 05/03/2026 14:30', 'João Silva', 'Nota fiscal'. */
export const itemName = <C extends SubCollection>(collection: C, item: DetailItems[C]): string => NAMES[collection](item);

const NONE = '—';
const shown = (value: string | number | null | undefined): string => (value === null || value === undefined || value === '' ? NONE : String(value));

const reading = (point: OdometerPoint) => (a: SecurityAgent) => {
  const value = a.odometer[point];
  return value ? `${formatKilometres(value.km)} · ${brasiliaDateTime(value.time)}` : NONE;
};

type Field<T> = [label: string, text: (item: T) => string | number | null];

const FIELDS: { [C in SubCollection]: Field<DetailItems[C]>[] } = {
  vehicles: [
    ['Motorista', (v) => v.driver],
    ['CPF', (v) => (v.driverPIN ? maskCpf(v.driverPIN) : null)],
    ['Espécie', (v) => VEHICLE_TYPE_LABELS[v.type]],
    ['Placa', (v) => v.plate],
    ['Chassi', (v) => v.chassis],
    ['Marca', (v) => v.make],
    ['Modelo', (v) => v.model],
    ['Ano', (v) => v.year],
    ['Cor', (v) => v.color],
  ],
  ocurrencies: [
    ['Data', (o) => brasiliaDateTime(o.date)],
    ['Tipo', (o) => OCCURRENCE_TYPE_LABELS[o.type]],
    ['Descrição', (o) => o.description],
    ['CEP', (o) => o.zipcode],
    ['Endereço', (o) => o.address],
    ['Número', (o) => o.number],
    ['Complemento', (o) => o.complement],
    ['Bairro', (o) => o.neighborhood],
    ['Cidade', (o) => o.city],
    ['UF', (o) => o.state],
    ['Latitude', (o) => o.latitude],
    ['Longitude', (o) => o.longitude],
  ],
  securityagents: [
    ['Nome', (a) => a.name],
    ['Início', reading('start')],
    ['Chegada no local', reading('arrivalOnPlace')],
    ['Saída do local', reading('endOnPlace')],
    ['Fim', reading('end')],
  ],
  attachments: [['Descrição', (a) => a.description]],
};

/**
 * The change of one write: `before` null for an addition, `after` null for a deletion. Only the
 * fields whose text differs are listed (an addition lists what was filled in, a deletion what was lost).
 */
export function detailChange<C extends SubCollection>(collection: C, before: DetailItems[C] | null, after: DetailItems[C] | null): DetailChange {
  const named = after ?? before;
  const fields: DetailFieldChange[] = [];
  for (const [field, text] of FIELDS[collection]) {
    const was = before ? shown(text(before)) : NONE;
    const is = after ? shown(text(after)) : NONE;
    if (was !== is) fields.push({ field, before: was, after: is });
  }
  return { item: named ? itemName(collection, named) : '', fields };
}

const EVENT_NOUN = { vehicles: 'vehicle', ocurrencies: 'occurrence', securityagents: 'agent', attachments: 'attachment' } as const;
const EVENT_VERB = { add: 'added', update: 'changed', delete: 'removed' } as const;

/** The timeline action of a write ('vehicle_added', 'attachment_removed'…). */
export const detailEventAction = (collection: SubCollection, operation: DetailsOperation): MissionEventAction =>
  `${EVENT_NOUN[collection]}_${EVENT_VERB[operation]}`;

/** The timeline actions of sub-collection writes: their events carry a DetailChange. */
export const isDetailEventAction = (action: string): boolean =>
  Object.values(EVENT_NOUN).some((noun) => Object.values(EVENT_VERB).some((verb) => action === `${noun}_${verb}`));
