import Tune from '@mui/icons-material/Tune';
import { ALARM_MINUTES_RANGE, ARRIVAL_RADIUS_RANGE, missionConfigSchema, SLA_TARGET_MAX_MINUTES } from '../domain/schemas';
import { AVERAGE_SPEED_RANGE, DEFAULT_AVERAGE_SPEED_KMH, DEFAULT_ROAD_FACTOR, ROAD_FACTOR_RANGE } from '../domain/positions/eta';
import type { ResourceDeclaration } from './framework/types';
import { catalogueAccess, phoneMask, seenByCatalogueAdmins } from './shared';
import { WRITTEN_ENDPOINTS } from './endpoints';

const write = catalogueAccess('configs');

/**
 * Parâmetros da missão (/home/admin/configs): one record per risk manager, edited in place; the
 * four flags say which of cause/carrier/place/leadership a new mission must have, and the SLA
 * targets time each phase of its missions (src/domain/missions/sla.ts).
 */
export const configs: ResourceDeclaration<typeof missionConfigSchema> = {
  name: 'configs',
  title: 'Parâmetros da missão',
  entity: 'Parâmetros da missão',
  endpoint: WRITTEN_ENDPOINTS.configs,
  schema: missionConfigSchema,
  fields: [
    { source: 'required.cause', label: 'Motivo acionamento obrigatório', type: 'boolean' },
    { source: 'required.carrier', label: 'Transportador obrigatório', type: 'boolean' },
    { source: 'required.place', label: 'Local obrigatório', type: 'boolean' },
    { source: 'required.leadership', label: 'Liderança obrigatória', type: 'boolean' },
    { source: 'sla.proposal', label: 'Até a primeira proposta (min)', type: 'number', min: 1, max: SLA_TARGET_MAX_MINUTES },
    { source: 'sla.accept', label: 'Da primeira proposta ao aceite (min)', type: 'number', min: 1, max: SLA_TARGET_MAX_MINUTES },
    { source: 'sla.arrival', label: 'Tolerância sobre o ETA prometido (min)', type: 'number', min: 0, max: SLA_TARGET_MAX_MINUTES },
    { source: 'sla.execution', label: 'Da chegada à finalização (min)', type: 'number', min: 1, max: SLA_TARGET_MAX_MINUTES },
    { source: 'sla.billing', label: 'Da finalização ao faturamento (min)', type: 'number', min: 1, max: SLA_TARGET_MAX_MINUTES },
    { source: 'eta.roadFactor', label: `Fator de estrada (em branco: ${String(DEFAULT_ROAD_FACTOR).replace('.', ',')})`, type: 'number', min: ROAD_FACTOR_RANGE.min, max: ROAD_FACTOR_RANGE.max, step: 0.1 },
    { source: 'eta.averageSpeedKmh', label: `Velocidade média (km/h; em branco: ${DEFAULT_AVERAGE_SPEED_KMH})`, type: 'number', min: AVERAGE_SPEED_RANGE.min, max: AVERAGE_SPEED_RANGE.max },
    { source: 'arrival.radius', label: 'Raio do local (m)', type: 'number', ...ARRIVAL_RADIUS_RANGE },
    { source: 'alarms.phone', label: 'Telefone de emergência', type: 'masked', mask: phoneMask },
    { source: 'alarms.emails', label: 'E-mails para escalonamento (separados por vírgula)', type: 'text' },
    { source: 'alarms.escalateMinutes', label: 'Minutos para escalonar alarme não reconhecido (SOS ou sem sinal)', type: 'number', ...ALARM_MINUTES_RANGE },
    { source: 'alarms.silenceMinutes', label: 'Minutos sem sinal para alerta (check-in; em branco: desligado)', type: 'number', ...ALARM_MINUTES_RANGE },
  ],
  columns: [
    { source: 'required.cause' },
    { source: 'required.carrier' },
    { source: 'required.place' },
    { source: 'required.leadership' },
  ],
  sections: [
    {
      title: 'Campos obrigatórios na criação da missão',
      fields: ['required.cause', 'required.carrier', 'required.place', 'required.leadership'],
    },
    {
      // Empty: the phase has no target, so no clock. The monitoring table turns a clock amber at 80%.
      title: 'Prazos (SLA) por fase, em minutos — em branco: sem prazo',
      fields: ['sla.proposal', 'sla.accept', 'sla.arrival', 'sla.execution', 'sla.billing'],
    },
    {
      // Used when no OSRM server is set (OSRM_URL): the straight line × factor at the average speed.
      title: 'Previsão de chegada ao vivo (sem roteador): distância em linha reta × fator de estrada, na velocidade média',
      fields: ['eta.roadFactor', 'eta.averageSpeedKmh'],
    },
    {
      // Two fixes in a row inside it record the arrival on the timeline (docs/rules/positions.md).
      title: 'Chegada detectada pelas posições da equipe',
      fields: ['arrival.radius'],
    },
    {
      // The team's SMS fallback, the SOS escalation e-mail and the check-in (docs/rules/alarms.md).
      title: 'SOS e check-in da equipe',
      fields: ['alarms.phone', 'alarms.emails', 'alarms.escalateMinutes', 'alarms.silenceMinutes'],
    },
  ],
  // The server creates each risk manager's record; it is never created or deleted here.
  access: { create: () => false, edit: write.edit, delete: () => false },
  successMessage: 'Parâmetros atualizados com sucesso',
  tile: { group: 'simple', label: 'Parâmetros da missão', icon: Tune, see: seenByCatalogueAdmins },
  single: {
    pickerLabel: 'Gestora de risco',
    pickerSource: 'riskManager',
    pickerReference: { resource: 'riskManagers', optionLabel: 'name' },
  },
};
