/**
 * Administração → Privacidade (docs/rules/privacy.md; base /api/admin) as typed extra methods of the
 * data provider, made from their contracts (src/domain/privacy/contracts.ts).
 *
 * | method                | call                                                        |
 * |-----------------------|-------------------------------------------------------------|
 * | searchSubject         | POST privacy/search {subject} → SubjectAnswer (the JSON export) |
 * | subjectPdf            | POST privacy/export/pdf {subject} → the PDF (Blob)          |
 * | anonymiseSubject      | POST privacy/anonymise {subject} → counts by source         |
 * | privacyRequests       | GET privacy/requests → PrivacyRequest[]                     |
 * | createPrivacyRequest  | POST privacy/requests → PrivacyRequest                      |
 * | answerPrivacyRequest  | PUT privacy/requests/{id} {answer} → PrivacyRequest         |
 * | privacyRetention      | GET privacy/retention → RetentionAnswer                     |
 * | savePrivacyRetention  | PUT privacy/retention → RetentionAnswer                     |
 * | privacyIncidents      | GET privacy/incidents → PrivacyIncident[]                   |
 * | createPrivacyIncident | POST privacy/incidents → PrivacyIncident                    |
 * | updatePrivacyIncident | PUT privacy/incidents/{id} → PrivacyIncident                |
 * | removePrivacyIncident | DELETE privacy/incidents/{id} (refused before five years)   |
 */
import { PRIVACY_CONTRACTS } from '../domain/privacy/contracts';
import type { YupInput } from '../domain/yupInput';
import { createCall } from './call';
import { createFileCall } from './fileCall';
import type { HttpClient } from './httpClient';

/** Platform admins name the tenant; a tenant's own users send none. */
const tenantQuery = (riskManager?: string) => (riskManager ? { riskManager } : {});

export function createPrivacyApi(httpClient: HttpClient) {
  const call = createCall(httpClient);
  const fileCall = createFileCall(httpClient);
  return {
    searchSubject: (body: YupInput<typeof PRIVACY_CONTRACTS.search.body>) => call(PRIVACY_CONTRACTS.search, { body }),
    subjectPdf: async (body: YupInput<typeof PRIVACY_CONTRACTS.exportPdf.body>) => (await fileCall(PRIVACY_CONTRACTS.exportPdf, { body })).data,
    anonymiseSubject: (body: YupInput<typeof PRIVACY_CONTRACTS.anonymise.body>) => call(PRIVACY_CONTRACTS.anonymise, { body }),
    privacyRequests: (riskManager?: string, signal?: AbortSignal) => call(PRIVACY_CONTRACTS.requests, { query: tenantQuery(riskManager), signal }),
    createPrivacyRequest: (body: YupInput<typeof PRIVACY_CONTRACTS.createRequest.body>) => call(PRIVACY_CONTRACTS.createRequest, { body }),
    answerPrivacyRequest: (id: string, answer: string) => call(PRIVACY_CONTRACTS.answerRequest, { params: { id }, body: { answer } }),
    privacyRetention: (riskManager?: string, signal?: AbortSignal) => call(PRIVACY_CONTRACTS.retention, { query: tenantQuery(riskManager), signal }),
    savePrivacyRetention: (body: YupInput<typeof PRIVACY_CONTRACTS.saveRetention.body>) => call(PRIVACY_CONTRACTS.saveRetention, { body }),
    privacyIncidents: (riskManager?: string, signal?: AbortSignal) => call(PRIVACY_CONTRACTS.incidents, { query: tenantQuery(riskManager), signal }),
    createPrivacyIncident: (body: YupInput<typeof PRIVACY_CONTRACTS.createIncident.body>) => call(PRIVACY_CONTRACTS.createIncident, { body }),
    updatePrivacyIncident: (id: string, body: YupInput<typeof PRIVACY_CONTRACTS.updateIncident.body>) => call(PRIVACY_CONTRACTS.updateIncident, { params: { id }, body }),
    removePrivacyIncident: (id: string) => call(PRIVACY_CONTRACTS.removeIncident, { params: { id } }),
  };
}

export type PrivacyApi = ReturnType<typeof createPrivacyApi>;
