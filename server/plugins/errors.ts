import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../httpErrors';

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
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ error: 'Unknown error' });
    }
    // Fastify's own 4xx (body too large, bad JSON, unsupported media type): safe to pass on.
    return reply.status(status).send({ error: error.message });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ error: `Route ${request.method} ${request.url.split('?')[0]} not found` });
  });
});
