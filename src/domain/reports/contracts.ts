/**
 * The reports service's calls (docs/rules/reports.md, base /api/reports) as contracts
 * (src/domain/contract.ts): the server's routes (server/reports/*Handlers.ts) and the data provider's
 * calls (src/dataProvider/reportsApi.ts, missionReportApi.ts, dashboardApi.ts, scorecardsApi.ts) are
 * made from them.
 * The exports are file answers (src/domain/fileAnswer.ts).
 */
import { defineContract } from '../contract';
import { FILE_TYPES, fileAnswer } from '../fileAnswer';
import { CHECKED_IN_HANDLER } from '../fromSchema';
import { REPORT_KINDS } from '../missions/rowActions';
import { reportQuerySchema } from '../schemas/report';
import { yupDescribed } from '../jsonSchemaOf';
import { dashboardQuerySchema } from './dashboard';
import { REPORT_PATHS } from './index';
import { chainVerificationSchema, dashboardSchema, reportPageSchema } from './responseSchemas';
import { rankingSchema, scorecardSchema } from './scorecardSchemas';
import { SCORECARD_PATHS } from './scorecards';

/** The mission's query: checked by the handlers (their Portuguese messages), so only described here. */
const missionQuery = <P extends object>(properties: P) => ({ type: 'object', properties, [CHECKED_IN_HANDLER]: 'rota' }) as const;
const missionIdProperty = { missionRequestId: { type: 'string', description: 'Id da missão.' } } as const;

/** The billing report's filter, checked by the handler with the shared schema once lists are lists. */
const billingQuery = yupDescribed(reportQuerySchema);

export const REPORT_CONTRACTS = {
  billing: defineContract({
    method: 'GET',
    base: 'reports',
    path: REPORT_PATHS.billing,
    summary: 'Relatório de faturamento',
    query: billingQuery,
    responses: { 200: reportPageSchema },
  }),
  billingExcel: defineContract({
    method: 'GET',
    base: 'reports',
    path: REPORT_PATHS.billingExcel,
    summary: 'Relatório de faturamento em Excel',
    query: billingQuery,
    responses: { 200: fileAnswer(FILE_TYPES.xlsx, 'A planilha do relatório com os filtros atuais.') },
  }),
  missionVerify: defineContract({
    method: 'GET',
    base: 'reports',
    path: REPORT_PATHS.missionVerify,
    summary: 'Confere a cadeia de eventos de uma missão',
    query: missionQuery(missionIdProperty),
    responses: { 200: chainVerificationSchema },
  }),
  missionPdf: defineContract({
    method: 'GET',
    base: 'reports',
    path: REPORT_PATHS.missionPdf,
    summary: 'Relatório da missão em PDF',
    query: missionQuery({ ...missionIdProperty, type: { type: 'string', enum: REPORT_KINDS, description: 'Qual relatório.' } } as const),
    responses: { 200: fileAnswer(FILE_TYPES.pdf, 'O relatório da missão em PDF.') },
  }),
  dashboard: defineContract({
    method: 'GET',
    base: 'reports',
    path: REPORT_PATHS.dashboard,
    summary: 'Painel: indicadores das missões',
    query: yupDescribed(dashboardQuerySchema),
    responses: { 200: dashboardSchema },
  }),
};

/** The scorecards' period: the dashboard's rules, checked by the handler with the shared schema. */
const period = yupDescribed(dashboardQuerySchema);
/** A provider's id, looked up by the handler: one it may not see, or none, is its 404. */
const providerParams = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } as const;
const workbook = fileAnswer(FILE_TYPES.xlsx, 'Planilha .xlsx');

export const SCORECARD_CONTRACTS = {
  ranking: defineContract({
    method: 'GET',
    base: 'reports',
    path: SCORECARD_PATHS.ranking,
    summary: 'Desempenho das prestadoras: classificação',
    query: period,
    responses: { 200: rankingSchema },
  }),
  rankingExcel: defineContract({
    method: 'GET',
    base: 'reports',
    path: SCORECARD_PATHS.rankingExcel,
    summary: 'Desempenho das prestadoras em Excel',
    query: period,
    responses: { 200: workbook },
  }),
  one: defineContract({
    method: 'GET',
    base: 'reports',
    path: SCORECARD_PATHS.one,
    summary: 'Desempenho de uma prestadora, mês a mês',
    params: providerParams,
    query: period,
    responses: { 200: scorecardSchema },
  }),
  oneExcel: defineContract({
    method: 'GET',
    base: 'reports',
    path: SCORECARD_PATHS.oneExcel,
    summary: 'Desempenho de uma prestadora em Excel',
    params: providerParams,
    query: period,
    responses: { 200: workbook },
  }),
};
