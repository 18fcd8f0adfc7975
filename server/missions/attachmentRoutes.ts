import type { FastifyRequest } from 'fastify';
import type { TypedApp } from '../shared/schemaTypes';
import { ATTACHMENT_FILE_REQUIRED, ATTACHMENT_FOLDER, DETAILS_ITEM_NOT_FOUND } from '../../src/domain/missionDetails';
import { attachmentDescriptionSchema, createdAtSchema } from '../../src/domain/schemas/missionDetails';
import { invalid, notFound } from '../errors/httpErrors';
import { deleteAttachment, insertAttachment, updateAttachmentDescription } from './attachmentStore';
import { auditSource } from '../audit/record';
import { missionDetails } from './detailsStore';
import { writeDetail, type DetailWriter } from './detailWrites';
import { writableMission } from './missionAccess';
import { currentUser } from '../shared/session';
import { DETAILS_RESPONSES } from '../../src/domain/missionDetails/responseSchemas';
import { CHECKED_IN_HANDLER } from '../../src/domain/fromSchema';
import { textIdParams, yupDescribed } from '../shared/routeSchemas';
import { storeThenWrite } from '../files/fileStore';
import { withMultipart } from './uploads';
import type { FeatureDeps } from '../shared/deps';
import { fieldOf, validBody } from '../shared/validation';

/**
 * POST/PUT/DELETE /{missionRequestId}/attachments (docs/api.md): add is multipart (description, file);
 * update changes the description only (createdAt in ISO); delete removes the row, then the file.
 * Each write leaves its trace on the timeline and in the audit trail (detailWrites.ts).
 */

export default function attachmentRoutes(app: TypedApp, deps: FeatureDeps): Promise<void> {
  const { db, now, storage } = deps;

  // A multipart form: its description field and the file.
  const added = {
    params: textIdParams,
    consumes: ['multipart/form-data'],
    body: {
      required: ['description', 'file'],
      properties: { ...(yupDescribed(attachmentDescriptionSchema).properties as object), file: { type: 'string', format: 'binary' } },
      [CHECKED_IN_HANDLER]: 'yup',
    },
    response: DETAILS_RESPONSES.added,
  };
  const createdAt = { createdAt: { type: 'string', format: 'date-time' } };
  const changed = {
    params: textIdParams,
    body: { ...yupDescribed(attachmentDescriptionSchema.shape(createdAtSchema.fields)) },
    response: DETAILS_RESPONSES.changed,
  };
  const removed = {
    params: textIdParams,
    body: { properties: createdAt, [CHECKED_IN_HANDLER]: 'yup' },
    querystring: { type: 'object', properties: { createdAt: { type: 'string', description: 'Instante ISO do anexo (ou no corpo).' } } } as const,
    response: DETAILS_RESPONSES.changed,
  };

  const writerOf = (request: FastifyRequest): DetailWriter => ({ user: currentUser(request), source: auditSource(request) });

  app.post('/:id/attachments', { schema: added }, async (request, reply) => {
    const writer = writerOf(request);
    const mission = await writableMission(db, writer.user, request.params.id, 'attachments');
    await withMultipart(request, storage, ATTACHMENT_FOLDER, null, async (form) => {
      const { description } = await validBody(attachmentDescriptionSchema, form.fields);
      if (!form.file) throw invalid([{ code: 'too_small', path: 'file', message: ATTACHMENT_FILE_REQUIRED }]);
      const at = now();
      await storeThenWrite(storage, ATTACHMENT_FOLDER, form.file, (saved) =>
        writeDetail(db, writer, mission, 'attachments', 'add', at, (tx) => insertAttachment(tx, mission.id, at, description, saved)),
      );
    });
    return reply.code(201).send(await missionDetails(db, mission));
  });

  app.put('/:id/attachments', { schema: changed }, async (request) => {
    const writer = writerOf(request);
    const mission = await writableMission(db, writer.user, request.params.id, 'attachments');
    const { createdAt } = await validBody(createdAtSchema, { createdAt: fieldOf(request.body, 'createdAt') });
    const { description } = await validBody(attachmentDescriptionSchema, request.body);
    const written = await writeDetail(db, writer, mission, 'attachments', 'update', now(), (tx) => updateAttachmentDescription(tx, mission.id, createdAt, description));
    if (!written) throw notFound(DETAILS_ITEM_NOT_FOUND);
    return missionDetails(db, mission);
  });

  app.delete('/:id/attachments', { schema: removed }, async (request) => {
    const writer = writerOf(request);
    const mission = await writableMission(db, writer.user, request.params.id, 'attachments');
    const raw = fieldOf(request.body, 'createdAt') ?? request.query.createdAt;
    const { createdAt } = await validBody(createdAtSchema, { createdAt: raw });
    const written = await writeDetail(db, writer, mission, 'attachments', 'delete', now(), (tx) => deleteAttachment(tx, mission.id, createdAt));
    if (!written?.before) throw notFound(DETAILS_ITEM_NOT_FOUND);
    await storage.remove(ATTACHMENT_FOLDER, written.before.file);
    return missionDetails(db, mission);
  });
  return Promise.resolve();
}
