import { FISCAL_KEY_CONTRACTS } from '../../src/domain/missions/fiscalKeyContracts';
import { auditSource } from '../audit/record';
import { missionFiscalKeysOf, replaceFiscalKeys } from './fiscalKeys';
import { readableMission } from './missionAccess';
import { serves } from '../shared/serves';
import { currentUser } from '../shared/session';
import type { FeatureDeps } from '../shared/deps';

/**
 * A mission's cargo keys (docs/rules/fiscal-documents.md), made from their contracts
 * (src/domain/missions/fiscalKeyContracts.ts). Who reads them is who reads the mission
 * (readableMission: 404 for another tenant and for a provider that does not hold it).
 */
export function fiscalKeyHandlers({ db, now }: FeatureDeps) {
  return {
    read: serves(FISCAL_KEY_CONTRACTS.read, async (request) => {
      const mission = await readableMission(db, currentUser(request), request.params.id);
      return missionFiscalKeysOf(db, mission.id);
    }),

    replace: serves(FISCAL_KEY_CONTRACTS.replace, async (request) => {
      const user = currentUser(request);
      const mission = await readableMission(db, user, request.params.id);
      return replaceFiscalKeys(db, user, auditSource(request), mission, request.body, now());
    }),
  };
}
