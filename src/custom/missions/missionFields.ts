/**
 * What the missions list shows of a row. Spec 2's column set 'missions' has 14 columns, about
 * 2,300 px wide where the screen's card has 930 px at 1280 px: the columns that tell missions apart
 * (status, process number, shipper, place, created date, provider) stay in view, the others
 * (MORE_FIELDS) are one click away in each mission's 'Mais informações'.
 */
import type { MissionLocation, MissionRow } from '../../domain/missions';

const coordinate = (n: number) => n.toLocaleString('pt-BR', { maximumFractionDigits: 6 });

/** Where the mission happens, in one line: the street, then city/state. */
export const placeText = (location: MissionLocation): string =>
  [location.address, `${location.city}/${location.state}`].filter(Boolean).join(' — ');

export interface MissionField {
  label: string;
  text: (row: MissionRow) => string;
  /** Kept on one line in the table: a process number broken at its hyphen reads as two. */
  nowrap?: boolean;
}

/** The list's own columns after Status, in order. */
export const MAIN_FIELDS: MissionField[] = [
  { label: 'Nº do processo', text: (r) => r.processNumber ?? '-', nowrap: true },
  { label: 'Embarcador', text: (r) => r.shipperName },
  { label: 'Local', text: (r) => placeText(r.location) },
  { label: 'Criada em', text: (r) => r.createdAtDisplay, nowrap: true },
  { label: 'Prestador', text: (r) => r.serviceProviderName },
];

/** The rest of spec 2's column set 'missions', in its order. */
export const MORE_FIELDS: MissionField[] = [
  { label: 'Solicitante', text: (r) => r.requesterNameDisplay },
  { label: 'Serviço', text: (r) => r.franchisePlanName },
  { label: 'Latitude', text: (r) => coordinate(r.location.latitude) },
  { label: 'Longitude', text: (r) => coordinate(r.location.longitude) },
  { label: 'Endereço', text: (r) => r.location.address },
  { label: 'Complemento', text: (r) => r.location.number },
  { label: 'Bairro', text: (r) => r.location.neighborhood },
  { label: 'Cidade', text: (r) => r.location.city },
  { label: 'Estado', text: (r) => r.location.state },
  { label: 'Gerenciadora de risco', text: (r) => r.riskManagerName },
];
