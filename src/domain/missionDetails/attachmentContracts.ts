/**
 * A mission's attachments (docs/api.md, base /api/missions) as contracts (src/domain/contract.ts):
 * the server's routes (server/missions/attachmentHandlers.ts) and the data provider's upload
 * (src/dataProvider/missionDetailsApi.ts) are both made from them. The handler checks the
 * description and the item's instant itself, each with its own shared schema in turn, so their
 * bodies are described here, not checked by the route.
 */
import { defineContract } from '../contract';
import { multipartBody } from '../fileBodies';
import { CHECKED_IN_HANDLER } from '../fromSchema';
import { yupDescribed } from '../jsonSchemaOf';
import { instant, textIdParams } from '../jsonSchemaParts';
import { attachmentDescriptionSchema, attachmentUploadSchema, createdAtSchema } from '../schemas/missionDetails';
import { MISSION_FILE } from './missionFile';
import { DETAILS_RESPONSES } from './responseSchemas';

const path = ':id/attachments';

export const ATTACHMENT_CONTRACTS = {
  add: defineContract({
    method: 'POST',
    base: 'missions',
    path,
    summary: 'Envia anexos da missão',
    params: textIdParams,
    body: multipartBody({
      description: 'A descrição do anexo e o arquivo; para uma foto, opcionalmente o instante em que foi tirada (ISO) e a posição do aparelho (latitude e longitude, juntas).',
      fields: attachmentUploadSchema,
      files: { file: { ...MISSION_FILE, required: true } },
    }),
    responses: DETAILS_RESPONSES.added,
  }),
  update: defineContract({
    method: 'PUT',
    base: 'missions',
    path,
    summary: 'Altera a descrição de um anexo',
    params: textIdParams,
    body: yupDescribed(attachmentDescriptionSchema.shape(createdAtSchema.fields)),
    responses: DETAILS_RESPONSES.changed,
  }),
  remove: defineContract({
    method: 'DELETE',
    base: 'missions',
    path,
    summary: 'Exclui um anexo da missão',
    params: textIdParams,
    query: { type: 'object', properties: { createdAt: { type: 'string', description: 'Instante ISO do anexo (ou no corpo).' } } },
    body: { properties: { createdAt: instant }, [CHECKED_IN_HANDLER]: 'yup' },
    responses: DETAILS_RESPONSES.changed,
  }),
};
