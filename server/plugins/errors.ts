import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../httpErrors';
import { outOfRangeAnswer } from '../routes/dbErrors';

/**
 * Normalised error bodies (spec section 7/8): validation → 400 `{ errors: [{code, path, message}] }`,
 * known errors → their own status and `{ error }`, anything else → 500 `{ error: 'Unknown error' }`.
 * Stack traces and SQL never leave the server; they go to the log.
 */
/** Portuguese texts for the route-schema (ajv) keywords; ajv's own messages are English. */
const SCHEMA_MESSAGES: Record<string, string> = {
  required: 'Preenchimento obrigatório',
  type: 'Tipo de valor inválido',
  maxLength: 'Texto longo demais',
  minLength: 'Texto curto demais',
  enum: 'Opção inválida',
  pattern: 'Formato inválido',
  format: 'Formato inválido',
  minimum: 'Valor abaixo do mínimo',
  maximum: 'Valor acima do máximo',
  additionalProperties: 'Campo não permitido',
};

/**
 * Fastify's own 4xx answers (body parsing, content type) carry English messages meant for
 * developers; a person gets these instead (ours: the spec quotes none). Keyed by Fastify's error
 * code; any other 4xx without a known code falls back to its status text below.
 */
const BODY_TOO_LARGE = 'Conteúdo grande demais';
const UNSUPPORTED_MEDIA_TYPE = 'Tipo de conteúdo não suportado';
export const FASTIFY_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: BODY_TOO_LARGE,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: UNSUPPORTED_MEDIA_TYPE,
  FST_ERR_CTP_INVALID_JSON_BODY: 'JSON inválido',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'JSON inválido',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Tamanho do conteúdo diferente do informado',
  FST_ERR_BAD_URL: 'Endereço inválido',
};
const STATUS_MESSAGES: Record<number, string> = {
  404: 'Não encontrado',
  408: 'Tempo da requisição esgotado',
  413: BODY_TOO_LARGE,
  415: UNSUPPORTED_MEDIA_TYPE,
};
const BAD_REQUEST = 'Requisição inválida';

export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) return reply.status(error.statusCode).send(error.body);
    if (error.validation) {
      const errors = error.validation.map((v) => ({
        code: v.keyword,
        path: (v.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
          String((v.params as { missingProperty?: string }).missingProperty ?? '')),
        message: SCHEMA_MESSAGES[v.keyword] ?? 'Valor inválido',
      }));
      return reply.status(400).send({ errors });
    }
    // A value the database cannot hold (integer overflow) that slipped past the schemas.
    const outOfRange = outOfRangeAnswer(error);
    if (outOfRange) return reply.status(outOfRange.statusCode).send(outOfRange.body);
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ error: 'Unknown error' });
    }
    // Fastify's own 4xx (body too large, bad JSON, unsupported media type), in Portuguese.
    request.log.info({ code: error.code, message: error.message }, 'request refused');
    const known = typeof error.code === 'string' && Object.hasOwn(FASTIFY_ERROR_MESSAGES, error.code);
    const message = known ? FASTIFY_ERROR_MESSAGES[error.code] : (STATUS_MESSAGES[status] ?? BAD_REQUEST);
    return reply.status(status).send({ error: message });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ error: `Route ${request.method} ${request.url.split('?')[0]} not found` });
  });
});
