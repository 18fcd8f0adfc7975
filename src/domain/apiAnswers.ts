/**
 * The small answers of the public services (health, auth, contact) and of the live ticket and stream, as JSON
 * Schema for their routes' `response` option: the API description, and the serializer that lets
 * no other field out (a login answers the token and nothing about the account).
 */
const okMessage = {
  type: 'object',
  additionalProperties: false,
  required: ['message'],
  properties: { message: { type: 'string', const: 'ok' } },
} as const;

export const API_ANSWERS = {
  health: {
    200: { type: 'object', additionalProperties: false, required: ['status'], properties: { status: { const: 'ok' } }, description: 'Serviço e banco respondendo.' },
    503: { type: 'object', additionalProperties: false, required: ['status'], properties: { status: { const: 'unavailable' } }, description: 'O banco não responde.' },
  },
  login: {
    200: {
      type: 'object',
      additionalProperties: false,
      required: ['token'],
      properties: { token: { type: 'string', description: 'Enviar em x-access-token.' } },
      description: 'Sessão aberta.',
    },
  },
  forget: { 200: { ...okMessage, description: 'Se a conta existe e está ativa, o código foi enviado por e-mail.' } },
  codeValid: {
    200: { type: 'object', additionalProperties: false, required: ['valid'], properties: { valid: { const: true } }, description: 'Código correto.' },
  },
  passwordReset: { 200: { ...okMessage, description: 'Senha alterada.' } },
  contactSent: {
    201: { type: 'object', additionalProperties: false, required: ['sent'], properties: { sent: { const: true } }, description: 'Mensagem enviada.' },
  },
  liveTicket: {
    201: {
      type: 'object',
      additionalProperties: false,
      required: ['ticket', 'expiresAt'],
      properties: { ticket: { type: 'string' }, expiresAt: { type: 'string', format: 'date-time' } },
      description: 'Ticket de uso único para abrir o stream ao vivo.',
    },
  },
  liveStream: {
    200: {
      description:
        'Stream Server-Sent Events: eventos `mission` e `chat` (src/domain/live) com id, para retomar pelo ' +
        'Last-Event-ID; comentários `: ping` mantêm a conexão.',
      content: { 'text/event-stream': { schema: { type: 'string' } } },
    },
  },
} as const;
