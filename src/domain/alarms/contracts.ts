/**
 * SOS and check-in's calls (docs/rules/alarms.md; base /api/missions) as contracts
 * (src/domain/contract.ts): the routes (server/alarms/handlers.ts) and the data provider's calls
 * (src/dataProvider/alarmsApi.ts) are made from them.
 */
import { defineContract, EMPTY_BODY } from '../contract';
import type { FromSchema } from '../fromSchema';
import { exactObject, idParams, instant, nullableInstant, nullableNumber, nullableText, text } from '../jsonSchemaParts';
import { sosRaiseSchema } from '../schemas/sosRaise';
import { ALARM_KINDS, ALARM_PATHS } from './index';

const alarmFields = {
  _id: text,
  kind: { type: 'string', enum: ALARM_KINDS },
  mission: text,
  processNumber: nullableText,
  raisedAt: instant,
  /** The team member who pressed SOS, or the server's own name for a silence. */
  raisedByName: text,
  /** Where the team was when it was raised: the phone's reading, else the team's last tracked position. */
  latitude: nullableNumber,
  longitude: nullableNumber,
  /** For a silence: the minutes without position or action that raised it. */
  silenceMinutes: { type: ['integer', 'null'] },
  acknowledgedAt: nullableInstant,
  acknowledgedByName: nullableText,
  escalatedAt: nullableInstant,
} as const;

const alarmAnswer = exactObject(alarmFields, { description: 'Um alarme (SOS ou equipe sem sinal) de uma missão.' });

const sosStateAnswer = exactObject(
  {
    /** The tenant's 'Telefone de emergência' (digits), for the SMS text. */
    phone: nullableText,
    processNumber: nullableText,
    alarm: exactObject(alarmFields, { type: ['object', 'null'], description: 'O último SOS desta missão; nulo se nunca acionado.' }),
  },
  { description: 'O SOS da missão como a equipe que a executa o vê.' },
);

export type Alarm = FromSchema<typeof alarmAnswer>;
export type SosState = FromSchema<typeof sosStateAnswer>;

export const ALARM_CONTRACTS = {
  raise: defineContract({
    method: 'POST',
    base: 'missions',
    path: ALARM_PATHS.sos,
    summary: 'A equipe que executa a missão aciona o SOS',
    params: idParams,
    body: sosRaiseSchema,
    responses: { 200: alarmAnswer },
  }),
  sosState: defineContract({
    method: 'GET',
    base: 'missions',
    path: ALARM_PATHS.sos,
    summary: 'O SOS da missão visto pela equipe que a executa',
    params: idParams,
    responses: { 200: sosStateAnswer },
  }),
  open: defineContract({
    method: 'GET',
    base: 'missions',
    path: ALARM_PATHS.open,
    summary: 'Alarmes abertos (SOS e equipe sem sinal) da gerenciadora',
    responses: { 200: { type: 'array', items: alarmAnswer } },
  }),
  acknowledge: defineContract({
    method: 'POST',
    base: 'missions',
    path: ALARM_PATHS.acknowledge,
    summary: "Um usuário da gerenciadora marca o alarme como 'Ciente'",
    params: idParams,
    body: EMPTY_BODY,
    responses: { 200: alarmAnswer },
  }),
};
