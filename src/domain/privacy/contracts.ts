/**
 * The 'Privacidade' calls (Administração → Privacidade, docs/rules/privacy.md; base /api/admin) as
 * contracts (src/domain/contract.ts): the routes (server/privacy/handlers.ts) and the data
 * provider's calls (src/dataProvider/privacyApi.ts) are made from them.
 */
import { defineContract } from '../contract';
import { FILE_TYPES, fileAnswer } from '../fileAnswer';
import type { FromSchema } from '../fromSchema';
import { count, exactObject, idParams, instant, nullableInstant, nullableText, tenantQuery, text } from '../jsonSchemaParts';
import { PRIVACY_PATHS, PRIVACY_REQUEST_KINDS } from './index';
import { incidentSchema, privacyAnswerSchema, privacyRequestSchema, retentionSchema, subjectSearchSchema } from './schemas';

const foundRecord = exactObject(
  {
    source: text,
    label: text,
    id: text,
    kept: nullableText,
    data: { type: 'object', additionalProperties: { type: ['string', 'number', 'null'] } },
  },
  { description: 'Um registro com dados do titular; `kept` diz por que seria mantido numa anonimização.' },
);

const subjectAnswer = exactObject(
  { subject: text, kind: { type: 'string', enum: ['cpf', 'email', 'name'] }, generatedAt: instant, records: { type: 'array', items: foundRecord } },
  { description: 'Tudo o que a gerenciadora guarda sobre o titular (a exportação em JSON).' },
);

const anonymiseAnswer = exactObject(
  { counts: { type: 'object', additionalProperties: count }, kept: count },
  { description: 'Registros anonimizados por fonte e quantos foram mantidos por dever legal.' },
);

const day = { type: 'string', format: 'date' } as const;
const nullableDay = { type: ['string', 'null'], format: 'date' } as const;

const requestAnswer = exactObject(
  {
    _id: text,
    riskManager: text,
    kind: { type: 'string', enum: PRIVACY_REQUEST_KINDS },
    requesterName: text,
    channel: text,
    receivedOn: day,
    deadline: day,
    subject: text,
    recordedByName: text,
    answer: nullableText,
    answeredAt: nullableInstant,
    createdAt: instant,
  },
  { description: 'Uma solicitação de titular (LGPD art. 18) e a sua resposta.' },
);

const retentionAnswer = exactObject(
  { riskManager: text, positionDays: { type: 'integer' }, missionPeopleYears: { type: 'integer' } },
  { description: 'A retenção da gerenciadora (os padrões quando não definida).' },
);

const incidentAnswer = exactObject(
  {
    _id: text,
    riskManager: nullableText,
    occurredOn: day,
    nature: text,
    dataCategories: text,
    peopleAffected: count,
    measures: text,
    anpdNotifiedOn: nullableDay,
    subjectsNotifiedOn: nullableDay,
    createdAt: instant,
    updatedAt: instant,
  },
  { description: 'Um incidente de segurança (ANPD Res. 15/2024).' },
);

export type SubjectAnswer = FromSchema<typeof subjectAnswer>;
export type FoundRecordAnswer = FromSchema<typeof foundRecord>;
export type AnonymiseAnswer = FromSchema<typeof anonymiseAnswer>;
export type PrivacyRequest = FromSchema<typeof requestAnswer>;
export type RetentionAnswer = FromSchema<typeof retentionAnswer>;
export type PrivacyIncident = FromSchema<typeof incidentAnswer>;

export const PRIVACY_CONTRACTS = {
  search: defineContract({
    method: 'POST',
    base: 'admin',
    path: PRIVACY_PATHS.search,
    summary: 'Busca um titular (CPF, e-mail ou nome) na gerenciadora e exporta os seus dados',
    body: subjectSearchSchema,
    responses: { 200: subjectAnswer },
  }),
  exportPdf: defineContract({
    method: 'POST',
    base: 'admin',
    path: PRIVACY_PATHS.exportPdf,
    summary: 'Os dados de um titular em PDF',
    body: subjectSearchSchema,
    responses: { 200: fileAnswer(FILE_TYPES.pdf, 'Relatório PDF dos dados do titular.') },
  }),
  anonymise: defineContract({
    method: 'POST',
    base: 'admin',
    path: PRIVACY_PATHS.anonymise,
    summary: 'Anonimiza um titular onde nenhum dever legal obriga a guardar',
    body: subjectSearchSchema,
    responses: { 200: anonymiseAnswer },
  }),
  requests: defineContract({
    method: 'GET',
    base: 'admin',
    path: PRIVACY_PATHS.requests,
    summary: 'Solicitações de titulares da gerenciadora',
    query: tenantQuery,
    responses: { 200: { type: 'array', items: requestAnswer } },
  }),
  createRequest: defineContract({
    method: 'POST',
    base: 'admin',
    path: PRIVACY_PATHS.requests,
    summary: 'Registra uma solicitação de titular',
    body: privacyRequestSchema,
    responses: { 201: requestAnswer },
  }),
  answerRequest: defineContract({
    method: 'PUT',
    base: 'admin',
    path: PRIVACY_PATHS.request,
    summary: 'Registra a resposta dada a uma solicitação de titular',
    params: idParams,
    body: privacyAnswerSchema,
    responses: { 200: requestAnswer },
  }),
  retention: defineContract({
    method: 'GET',
    base: 'admin',
    path: PRIVACY_PATHS.retention,
    summary: 'Retenção de dados da gerenciadora',
    query: tenantQuery,
    responses: { 200: retentionAnswer },
  }),
  saveRetention: defineContract({
    method: 'PUT',
    base: 'admin',
    path: PRIVACY_PATHS.retention,
    summary: 'Define a retenção de dados da gerenciadora',
    body: retentionSchema,
    responses: { 200: retentionAnswer },
  }),
  incidents: defineContract({
    method: 'GET',
    base: 'admin',
    path: PRIVACY_PATHS.incidents,
    summary: 'Registro de incidentes de segurança',
    query: tenantQuery,
    responses: { 200: { type: 'array', items: incidentAnswer } },
  }),
  createIncident: defineContract({
    method: 'POST',
    base: 'admin',
    path: PRIVACY_PATHS.incidents,
    summary: 'Registra um incidente de segurança',
    body: incidentSchema,
    responses: { 201: incidentAnswer },
  }),
  updateIncident: defineContract({
    method: 'PUT',
    base: 'admin',
    path: PRIVACY_PATHS.incident,
    summary: 'Altera um incidente de segurança (auditado)',
    params: idParams,
    body: incidentSchema,
    responses: { 200: incidentAnswer },
  }),
  removeIncident: defineContract({
    method: 'DELETE',
    base: 'admin',
    path: PRIVACY_PATHS.incident,
    summary: 'Exclui um incidente de segurança (só depois de cinco anos)',
    params: idParams,
    responses: { 204: { type: 'null', description: 'Excluído.' } },
  }),
};
