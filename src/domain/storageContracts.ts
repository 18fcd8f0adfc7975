/**
 * The storage service's files (docs/api.md, base /api/storage) as contracts (src/domain/contract.ts):
 * one per kind of stored file, from which the server's routes (server/storage/kinds.ts) and the
 * data provider's downloads (src/dataProvider/missionDetailsApi.ts) are made. The answer is the
 * stored file itself, in the type its bytes were recognised as on upload, sent by the handler as
 * a stream (never through the JSON serializer), and the client reads it as a Blob (fileCall).
 */
import { defineContract } from './contract';
import { fileAnswer } from './fileAnswer';
import { ATTACHMENT_FOLDER, ATTACHMENT_TYPES, CHAT_FOLDER } from './missionDetails/collections';
import { THEME_IMAGE_FOLDER } from './theme';

const fileParams = { type: 'object', required: ['file'], properties: { file: { type: 'string', maxLength: 64 } } } as const;

/** The stored file, a file of one of the media types a stored file may have (every upload accepts a subset of them). */
const storedFile = { 200: fileAnswer(ATTACHMENT_TYPES, 'O arquivo guardado.') };

const fileOf = (folder: string, summary: string) =>
  defineContract({ method: 'GET', base: 'storage', path: `${folder}/:file`, summary, params: fileParams, responses: storedFile });

export const STORAGE_CONTRACTS = {
  themeImage: fileOf(THEME_IMAGE_FOLDER, 'Arquivo de uma gerenciadora (logotipo)'),
  attachment: fileOf(ATTACHMENT_FOLDER, 'Anexo de uma missão'),
  chat: fileOf(CHAT_FOLDER, 'Arquivo enviado no chat de uma missão'),
};
