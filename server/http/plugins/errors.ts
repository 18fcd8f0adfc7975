import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CONTROL_CHARACTERS_NOT_ALLOWED, INVALID_TYPE, maxLength } from '../../../src/domain/messages';
import { plainText } from '../../../src/domain/plainText';
import { NO_CONTROL_CHARACTERS_PATTERN } from '../../../src/domain/validators/text';
import { badRequest, HttpError, ROUTE_NOT_FOUND } from '../../errors/httpErrors';
import { loggableError } from '../../db/loggableError';
import { contentionAnswer, outOfRangeAnswer, pgErrorCode } from '../../db/errors';

/**
 * Normalised error bodies (docs/api.md, docs/rules/messages.md): validation → 400 `{ errors: [{code,
 * path, message}] }`,
 * known errors → their own status and `{ error }`, anything else → 500 `{ error: 'Unknown error' }`.
 * Stack traces and SQL never leave the server; they go to the log.
 */
/** Portuguese texts for the route-schema (ajv) keywords; ajv's own messages are English. */
const SCHEMA_MESSAGES: Record<string, string> = {
  required: 'Preenchimento obrigatório',
  type: INVALID_TYPE,
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
 * developers; a person gets these instead. Keyed by Fastify's error
 * code; any other 4xx without a known code falls back to its status text below.
 */
const BODY_TOO_LARGE = 'Conteúdo grande demais';
const UNSUPPORTED_MEDIA_TYPE = 'Tipo de conteúdo não suportado';
export const FASTIFY_ERROR_MESSAGES = {
  FST_ERR_CTP_BODY_TOO_LARGE: BODY_TOO_LARGE,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: UNSUPPORTED_MEDIA_TYPE,
  FST_ERR_CTP_INVALID_JSON_BODY: 'JSON inválido',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'JSON inválido',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Tamanho do conteúdo diferente do informado',
  FST_ERR_BAD_URL: 'Endereço inválido',
  FST_ERR_MAX_PARAM_LENGTH: 'Endereço longo demais',
} as const satisfies Record<string, string>;
const STATUS_MESSAGES: Record<number, string> = {
  404: ROUTE_NOT_FOUND,
  408: 'Tempo da requisição esgotado',
  413: FASTIFY_ERROR_MESSAGES.FST_ERR_CTP_BODY_TOO_LARGE,
  415: FASTIFY_ERROR_MESSAGES.FST_ERR_CTP_INVALID_MEDIA_TYPE,
  431: 'Cabeçalhos da requisição grandes demais',
};
const BAD_REQUEST = 'Requisição inválida';

/** A Fastify 4xx (body parsing, media type, URL) as the Portuguese `{ error }` body. */
function fastifyRefusal(error: FastifyError, status: number): string {
  const byCode: Record<string, string | undefined> = FASTIFY_ERROR_MESSAGES;
  const known = typeof error.code === 'string' && Object.hasOwn(byCode, error.code) ? byCode[error.code] : undefined;
  return known ?? STATUS_MESSAGES[status] ?? BAD_REQUEST;
}

/**
 * The router's own refusals (undecodable URL, overlong path parameter), which reach neither the
 * error handler nor the not-found handler: Fastify's `frameworkErrors` option.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode ?? 400;
  request.log.info({ code: error.code }, 'request refused');
  void reply.status(status).send({ error: fastifyRefusal(error, status) });
}

/**
 * Errors of the HTTP parser itself (headers too large, malformed request line), answered on the
 * raw socket before any request exists: Fastify's `clientErrorHandler` option.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify({ error: STATUS_MESSAGES[status] ?? BAD_REQUEST });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** A route schema's issue as the client sees it; the no-control-characters pattern has its own text. */
function schemaIssue(v: { keyword: string; instancePath: string; params: Record<string, unknown> }) {
  const path =
    v.instancePath.replace(/^\//, '').replaceAll('/', '.') || plainText(v.params.missingProperty);
  if (v.keyword === 'pattern' && v.params.pattern === NO_CONTROL_CHARACTERS_PATTERN) {
    return { code: 'invalid_string', path, message: CONTROL_CHARACTERS_NOT_ALLOWED };
  }
  // The shared schemas' own wording, so a limit reads the same from a form and from the API.
  if (v.keyword === 'maxLength' && typeof v.params.limit === 'number') {
    return { code: v.keyword, path, message: maxLength(v.params.limit) };
  }
  return { code: v.keyword, path, message: SCHEMA_MESSAGES[v.keyword] ?? 'Valor inválido' };
}

/**
 * A text the database cannot store (SQLSTATE 22021, e.g. a NUL byte) that got past the schemas: the
 * client's mistake, so 400.
 */
const UNSTORABLE_CHARACTER = '22021';

export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) return reply.status(error.statusCode).headers(error.headers).send(error.body);
    if (error.validation) {
      return reply.status(400).send({ errors: error.validation.map((v) => schemaIssue(v)) });
    }
    // A value the database cannot hold (integer overflow, NUL byte) that slipped past the schemas:
    // answered 400 and logged at info level, without the statement.
    const refused =
      outOfRangeAnswer(error) ??
      (pgErrorCode(error) === UNSTORABLE_CHARACTER ? badRequest(CONTROL_CHARACTERS_NOT_ALLOWED) : undefined);
    if (refused) {
      request.log.info({ code: pgErrorCode(error) }, 'request refused by the database');
      return reply.status(refused.statusCode).send(refused.body);
    }
    const contention = contentionAnswer(error);
    if (contention) {
      request.log.warn({ code: pgErrorCode(error) }, 'transaction rolled back by the database: the client may retry');
      return reply.status(contention.statusCode).headers(contention.headers).send(contention.body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: loggableError(error) }, 'unhandled error');
      return reply.status(500).send({ error: 'Unknown error' });
    }
    // Fastify's own 4xx (body too large, bad JSON, unsupported media type), in Portuguese.
    request.log.info({ code: error.code }, 'request refused');
    return reply.status(status).send({ error: fastifyRefusal(error, status) });
  });

  app.setNotFoundHandler((_request, reply) => {
    reply.status(404).send({ error: ROUTE_NOT_FOUND });
  });
});
