/**
 * The normalised error body every refusal answers with (docs/api.md, docs/rules/messages.md,
 * server/http/plugins/errors.ts):
 * a known refusal is `{ error }` with a Portuguese text; a refused schema or form is
 * `{ errors: [{ code, path, message }] }`, one issue per field. Declared once: the OpenAPI document
 * references it from every operation's 4xx/5xx and the fuzzer checks every refusal against it.
 */
export const ERROR_SCHEMA_NAME = 'Erro';

export const errorSchema = {
  title: 'Erro',
  description:
    'Recusa normalizada: `error` com o motivo em português, ou `errors` com um item por campo recusado (validação).',
  oneOf: [
    {
      type: 'object',
      required: ['error'],
      additionalProperties: false,
      properties: { error: { type: 'string', minLength: 1, description: 'Motivo da recusa, em português.' } },
    },
    {
      type: 'object',
      required: ['errors'],
      additionalProperties: false,
      properties: {
        errors: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            required: ['code', 'path', 'message'],
            additionalProperties: false,
            properties: {
              code: { type: 'string', description: 'Regra violada (required, max, type…).' },
              path: { type: 'string', description: 'Campo recusado, em notação de pontos.' },
              message: { type: 'string', minLength: 1, description: 'Texto em português para quem preencheu.' },
            },
          },
        },
      },
    },
  ],
} as const;
