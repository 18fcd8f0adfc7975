import { billingAccess, hasBilling } from '../../src/domain/billing/access';
import { isId } from '../../src/domain/ids';
import { MISSION_NOT_FOUND } from '../../src/domain/missions/messages';
import { reportKindsFor } from '../../src/domain/missions/rowActions';
import { REPORT_CONTRACTS } from '../../src/domain/reports/contracts';
import { FILE_TYPES } from '../../src/domain/fileAnswer';
import {
  isReportKind,
  REPORT_KIND_INVALID,
  REPORT_KIND_TARGET,
  REPORT_MISSION_REQUIRED,
  REPORT_NOT_BILLED,
  reportFileName,
} from '../../src/domain/reports/missionReport';
import { badRequest, conflict, forbidden, notFound } from '../errors/httpErrors';
import { readableMission } from '../missions/missionAccess';
import { seeMission } from '../missions/rows';
import { viewerOf } from '../missions/viewer';
import { chainSeenBy, loadDossier } from './missionDossier';
import { renderMissionPdf } from './formats/pdf/missionPdf';
import { currentUser } from '../shared/session';
import type { FeatureDeps } from '../shared/deps';
import { serves } from '../shared/serves';
import { sendFile } from '../shared/sendFile';

/**
 * The mission report and its dossier check (docs/rules/reports.md, base /api/reports):
 * GET missionDetail/pdf?missionRequestId&type streams the PDF; GET missionDetail/verify?missionRequestId
 * recomputes the mission's event chain. Both read a mission the way the details screen does
 * (readableMission: its risk manager's users, the provider holding it, platform admins; 404 for
 * anyone else) and, like the whole missions area, are not for the tech profile (their rows in
 * server/http/routeTable.ts).
 */

function missionIdOf(id: unknown): string {
  if (!isId(id)) throw badRequest(REPORT_MISSION_REQUIRED);
  return id;
}

export function missionReportHandlers({ db, now }: FeatureDeps) {
  return {
    missionVerify: serves(REPORT_CONTRACTS.missionVerify, async (request) => {
      const id = missionIdOf(request.query.missionRequestId);
      const user = currentUser(request);
      await readableMission(db, user, id);
      const viewer = viewerOf(user);
      const seen = await seeMission(db, viewer, id);
      if (!seen) throw notFound(MISSION_NOT_FOUND);
      return (await chainSeenBy(db, viewer, seen)).chain;
    }),

    missionPdf: serves(REPORT_CONTRACTS.missionPdf, async (request, reply) => {
      const id = missionIdOf(request.query.missionRequestId);
      const kind: unknown = request.query.type;
      if (!isReportKind(kind)) throw badRequest(REPORT_KIND_INVALID);
      const user = currentUser(request);
      // A provider never extracts the shipper's report (reportKindsFor), whatever mission it names.
      if (!reportKindsFor(user).includes(kind)) throw forbidden();
      const access = await readableMission(db, user, id);
      const target = REPORT_KIND_TARGET[kind];
      if (target) {
        if (!hasBilling(access.status)) throw conflict(REPORT_NOT_BILLED);
        if (billingAccess(user, access, target) === 'none') throw forbidden();
      }
      const dossier = await loadDossier(db, viewerOf(user), access, kind, now());
      if (!dossier) throw notFound(MISSION_NOT_FOUND);
      const file = reportFileName(kind, dossier.mission.processNumber, dossier.mission._id);
      return sendFile(
        reply,
        FILE_TYPES.pdf,
        { 'cache-control': 'no-store', 'content-disposition': `attachment; filename="${file}"; filename*=UTF-8''${encodeURIComponent(file)}` },
        renderMissionPdf(dossier),
      );
    }),
  };
}
