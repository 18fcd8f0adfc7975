/**
 * The small answers of the public services (health, auth, contact) and of the live stream, as JSON
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
    200: { type: 'object', additionalProperties: false, required: ['status'], properties: { status: { const: 'ok' } }, description: 'O processo está no ar.' },
  },
  ready: {
    200: { type: 'object', additionalProperties: false, required: ['status'], properties: { status: { const: 'ok' } }, description: 'Banco respondendo, migrações aplicadas.' },
    503: {
      type: 'object',
      additionalProperties: false,
      required: ['status', 'reason'],
      properties: { status: { const: 'unavailable' }, reason: { enum: ['database', 'migrations'] } },
      description: 'O banco não responde (database) ou há migrações por aplicar (migrations).',
    },
  },
  login: {
    200: {
      type: 'object',
      additionalProperties: false,
      required: ['token'],
      properties: {
        token: { type: 'string', description: 'Enviar em x-access-token.' },
        recoveryCodes: {
          type: 'array',
          items: { type: 'string' },
          description: 'Só no login que confirma a verificação em duas etapas exigida: os 10 códigos de recuperação, mostrados uma única vez.',
        },
      },
      description: 'Sessão aberta.',
    },
  },
  twoFactorSetup: {
    200: {
      type: 'object',
      additionalProperties: false,
      required: ['secret', 'otpauthUrl', 'qrSvg'],
      properties: {
        secret: { type: 'string', description: 'Chave para digitar no aplicativo (base32); não é mostrada de novo após a confirmação.' },
        otpauthUrl: { type: 'string' },
        qrSvg: { type: 'string', description: 'QR code (SVG) do otpauthUrl.' },
      },
      description: 'Configuração iniciada; confirme com um código do aplicativo.',
    },
  },
  twoFactorStatus: {
    200: {
      type: 'object',
      additionalProperties: false,
      required: ['enabled', 'required', 'recoveryCodesLeft', 'policy'],
      properties: {
        enabled: { type: 'boolean' },
        required: { type: 'boolean' },
        recoveryCodesLeft: { type: 'integer' },
        policy: {
          anyOf: [
            { type: 'null' },
            { type: 'object', additionalProperties: false, required: ['requireForAdminAndTi'], properties: { requireForAdminAndTi: { type: 'boolean' } } },
          ],
        },
      },
      description: 'A verificação em duas etapas da própria conta.',
    },
  },
  recoveryCodes: {
    200: {
      type: 'object',
      additionalProperties: false,
      required: ['recoveryCodes'],
      properties: { recoveryCodes: { type: 'array', items: { type: 'string' } } },
      description: 'Verificação ativa; os 10 códigos de recuperação, mostrados uma única vez.',
    },
  },
  twoFactorOff: {
    200: { type: 'object', additionalProperties: false, required: ['enabled'], properties: { enabled: { const: false } }, description: 'Verificação em duas etapas desativada.' },
  },
  forget: { 200: { ...okMessage, description: 'Se a conta existe e está ativa, o código foi enviado por e-mail.' } },
  codeValid: {
    200: { type: 'object', additionalProperties: false, required: ['valid'], properties: { valid: { const: true } }, description: 'Código correto.' },
  },
  passwordReset: { 200: { ...okMessage, description: 'Senha alterada.' } },
  contactSent: {
    201: { type: 'object', additionalProperties: false, required: ['sent'], properties: { sent: { const: true } }, description: 'Mensagem enviada.' },
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
