/**
 * The themes service (docs/api.md, base /api/themes) as contracts (src/domain/contract.ts), from
 * which the server's routes (server/themes/handlers.ts) are made. Reading is public; the writes
 * check the caller's right to the theme before its settings, so the settings are described here
 * and checked by the handler with their shared schema, after that right.
 */
import { defineContract } from './contract';
import { fileBody } from './fileBodies';
import { yupDescribed } from './jsonSchemaOf';
import { tenantQuery } from './jsonSchemaParts';
import { THEME_ANSWER, themeSettingsSchema } from './schemas/theme';
import { THEME_IMAGE_KINDS, THEME_IMAGE_MAX_BYTES, THEME_IMAGE_MIME_TYPES } from './theme';

const imageParams = {
  type: 'object',
  required: ['kind'],
  properties: { kind: { type: 'string', enum: [...THEME_IMAGE_KINDS] } },
} as const;

const answer = { 200: THEME_ANSWER };

export const THEME_CONTRACTS = {
  get: defineContract({
    method: 'GET',
    base: 'themes',
    path: '',
    summary: 'Tema da gerenciadora (cores e imagens)',
    query: { type: 'object', properties: { riskManager: { type: 'string', maxLength: 64 } } },
    responses: answer,
  }),
  save: defineContract({
    method: 'PUT',
    base: 'themes',
    path: '',
    summary: 'Altera o tema da gerenciadora',
    body: yupDescribed(themeSettingsSchema),
    responses: answer,
  }),
  uploadImage: defineContract({
    method: 'POST',
    base: 'themes',
    path: 'images/:kind',
    summary: 'Envia uma imagem do tema',
    params: imageParams,
    query: tenantQuery,
    body: fileBody({
      description: 'A imagem como o próprio corpo, com o seu tipo no Content-Type; até 2 MB, o tipo decidido pelo conteúdo.',
      mediaTypes: THEME_IMAGE_MIME_TYPES,
      maxBytes: THEME_IMAGE_MAX_BYTES,
    }),
    responses: answer,
  }),
  removeImage: defineContract({
    method: 'DELETE',
    base: 'themes',
    path: 'images/:kind',
    summary: 'Remove uma imagem do tema',
    params: imageParams,
    query: tenantQuery,
    responses: answer,
  }),
};
