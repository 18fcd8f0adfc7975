import type { FastifyRequest } from 'fastify';
import { ATTACHMENT_FILE_REQUIRED, ATTACHMENT_FOLDER, DETAILS_ITEM_NOT_FOUND } from '../../src/domain/missionDetails';
import { attachmentDescriptionSchema, attachmentUploadSchema, createdAtSchema } from '../../src/domain/schemas/missionDetails';
import { invalid, notFound } from '../errors/httpErrors';
import { deleteAttachment, insertAttachment, updateAttachmentDescription } from './attachmentStore';
import { auditSource } from '../audit/record';
import { missionDetails } from './detailsStore';
import { writeDetail, type DetailWriter } from './detailWrites';
import { writableMission } from './missionAccess';
import { currentUser } from '../shared/session';
import { ATTACHMENT_CONTRACTS } from '../../src/domain/missionDetails/attachmentContracts';
import { serves } from '../shared/serves';
import { storeThenWrite } from '../files/fileStore';
import { withMultipart } from './uploads';
import type { FeatureDeps } from '../shared/deps';
import { fieldOf, validBody } from '../shared/validation';

/**
 * POST/PUT/DELETE /{missionRequestId}/attachments (docs/api.md): add is multipart (description, file,
 * and for a photo its capture time and position: docs/rules/field-app.md);
 * update changes the description only (createdAt in ISO); delete removes the row, then the file.
 * Each write leaves its trace on the timeline and in the audit trail (detailWrites.ts).
 */

export function attachmentHandlers({ db, now, storage }: FeatureDeps) {
  const writerOf = (request: FastifyRequest): DetailWriter => ({ user: currentUser(request), source: auditSource(request) });

  return {
    add: serves(ATTACHMENT_CONTRACTS.add, async (request, reply) => {
      const writer = writerOf(request);
      const mission = await writableMission(db, writer.user, request.params.id, 'attachments');
      await withMultipart(request, storage, ATTACHMENT_FOLDER, null, async (form) => {
        const fields = await validBody(attachmentUploadSchema, form.fields, { now });
        if (!form.file) throw invalid([{ code: 'too_small', path: 'file', message: ATTACHMENT_FILE_REQUIRED }]);
        const at = now();
        await storeThenWrite(storage, ATTACHMENT_FOLDER, form.file, (saved) =>
          writeDetail(db, writer, mission, 'attachments', 'add', at, (tx) => insertAttachment(tx, mission.id, at, fields, saved)),
        );
      });
      reply.code(201);
      return missionDetails(db, mission);
    }),

    update: serves(ATTACHMENT_CONTRACTS.update, async (request) => {
      const writer = writerOf(request);
      const mission = await writableMission(db, writer.user, request.params.id, 'attachments');
      const { createdAt } = await validBody(createdAtSchema, { createdAt: fieldOf(request.body, 'createdAt') });
      const { description } = await validBody(attachmentDescriptionSchema, request.body);
      const written = await writeDetail(db, writer, mission, 'attachments', 'update', now(), (tx) => updateAttachmentDescription(tx, mission.id, createdAt, description));
      if (!written) throw notFound(DETAILS_ITEM_NOT_FOUND);
      return missionDetails(db, mission);
    }),

    remove: serves(ATTACHMENT_CONTRACTS.remove, async (request) => {
      const writer = writerOf(request);
      const mission = await writableMission(db, writer.user, request.params.id, 'attachments');
      const raw = fieldOf(request.body, 'createdAt') ?? request.query.createdAt;
      const { createdAt } = await validBody(createdAtSchema, { createdAt: raw });
      const written = await writeDetail(db, writer, mission, 'attachments', 'delete', now(), (tx) => deleteAttachment(tx, mission.id, createdAt));
      if (!written?.before) throw notFound(DETAILS_ITEM_NOT_FOUND);
      await storage.remove(ATTACHMENT_FOLDER, written.before.file);
      return missionDetails(db, mission);
    }),
  };
}
