/**
 * The audit trail's calls (Administração → Auditoria; base /api/admin) as contracts
 * (src/domain/contract.ts): the routes (server/audit/handlers.ts) and the data provider's calls
 * (src/dataProvider/auditApi.ts) are made from them. The export is a file answer (src/domain/fileAnswer.ts).
 */
import { defineContract } from '../contract';
import { FILE_TYPES, fileAnswer } from '../fileAnswer';
import { auditQuerySchema } from '../schemas/audit';
import { yupDescribed } from '../jsonSchemaOf';
import { AUDIT_PATHS } from './index';
import { auditPageSchema } from './responseSchemas';

/** The filters and order, checked by the handler with the shared schema once a page of digits is a number. */
const auditQuery = yupDescribed(auditQuerySchema);

export const AUDIT_CONTRACTS = {
  list: defineContract({
    method: 'GET',
    base: 'admin',
    path: AUDIT_PATHS.list,
    summary: 'Trilha de auditoria (paginada)',
    query: auditQuery,
    responses: { 200: auditPageSchema },
  }),
  excel: defineContract({
    method: 'GET',
    base: 'admin',
    path: AUDIT_PATHS.excel,
    summary: 'Trilha de auditoria em Excel',
    query: auditQuery,
    responses: { 200: fileAnswer(FILE_TYPES.xlsx, 'Planilha .xlsx com as entradas filtradas.') },
  }),
};
