/**
 * What the missions list and a mission's header show of a row. The missions list has
 * 14 columns, about 2,300 px wide where the screen's card has 930 px at 1280 px: the columns that
 * tell missions apart (status, process number, shipper, place, created date, provider; shipper and
 * place are the references the new-mission form asks for, as in the report) stay in view, the
 * others (MORE_FIELDS) are one click away in each mission's 'Mais informações'.
 */
import type { MissionRow, MonitoringSort } from '../../domain/missions';
import { formatNumber } from '../../domain/validators/numbers';

const coordinate = (n: number) => formatNumber(n, 6);

/** Where the mission happens, in one line: its place ('Local', when it names one), then city/state. */
const placeText = (row: Pick<MissionRow, 'place' | 'location'>): string =>
  [row.place?.name, `${row.location.city}/${row.location.state}`].filter(Boolean).join(' — ');

export interface MissionField {
  label: string;
  text: (row: MissionRow) => string;
  /** Kept on one line in the table: a process number broken at its hyphen reads as two. */
  nowrap: boolean;
  /** The list's sort by this column (the server orders the paged list), when it has one. */
  sort?: MonitoringSort;
}

const field = (label: string, text: (row: MissionRow) => string, nowrap = false, sort?: MonitoringSort): MissionField => ({ label, text, nowrap, sort });

/** Each field once; the lists below and the mission header pick from them. */
export const FIELDS = {
  processNumber: field('Nº do processo', (r) => r.processNumber ?? '-', true, 'processNumber'),
  shipper: field('Embarcador', (r) => r.shipperName, false, 'shipper'),
  place: field('Local', placeText, false, 'place'),
  createdAt: field('Criada em', (r) => r.createdAtDisplay, true, 'createdAt'),
  provider: field('Prestador', (r) => r.serviceProviderName, false, 'provider'),
  requester: field('Solicitante', (r) => r.requesterNameDisplay),
  service: field('Serviço', (r) => r.franchisePlanName),
  latitude: field('Latitude', (r) => coordinate(r.location.latitude)),
  longitude: field('Longitude', (r) => coordinate(r.location.longitude)),
  street: field('Endereço', (r) => r.location.address),
  complement: field('Complemento', (r) => r.location.number),
  neighbourhood: field('Bairro', (r) => r.location.neighborhood),
  city: field('Cidade', (r) => r.location.city),
  state: field('Estado', (r) => r.location.state),
  riskManager: field('Gerenciadora de risco', (r) => r.riskManagerName),
};

/** The list's own columns after Status, in order. */
export const MAIN_FIELDS: MissionField[] = [FIELDS.processNumber, FIELDS.shipper, FIELDS.place, FIELDS.createdAt, FIELDS.provider];

/** The rest of the missions list's columns, in their order. */
export const MORE_FIELDS: MissionField[] = [
  FIELDS.requester,
  FIELDS.service,
  FIELDS.latitude,
  FIELDS.longitude,
  FIELDS.street,
  FIELDS.complement,
  FIELDS.neighbourhood,
  FIELDS.city,
  FIELDS.state,
  FIELDS.riskManager,
];
