/**
 * The company's public contacts (docs/rules/screens.md: phone, e-mail and map in the landing page's text).
 * The server sends the contact form to CONTACT_EMAIL unless configured otherwise.
 */
import { API_ANSWERS } from './apiAnswers';
import { defineContract } from './contract';
import { contactSchema } from './schemas/contact';
import { yupDescribed } from './jsonSchemaOf';
export const COMPANY = {
  name: 'Pronta Resposta',
  phone: '(11) 4002-8922',
  phoneHref: 'tel:+551140028922',
  email: 'contato@prontaresposta.com.br',
  address: 'Av. Paulista, 1578 — Bela Vista, São Paulo - SP, 01310-200',
  hours: 'Central de operações 24 horas, 7 dias por semana',
} as const;

export const CONTACT_SENT = 'Mensagem enviada! Responderemos em breve.';
export const CONTACT_FAILED = 'Não foi possível enviar sua mensagem agora. Tente novamente mais tarde ou ligue para a nossa central.';
export const CONTACT_TOO_MANY = 'Muitas mensagens enviadas. Aguarde alguns minutos e tente novamente.';

/**
 * The form's fields, described from the shared schema. No top-level type is checked ahead of the
 * handler: it validates whatever arrives with that schema, so a request without a body (or with no
 * object) still answers the schema's own Portuguese messages (docs/rules/messages.md).
 */
const contactBody = { ...yupDescribed(contactSchema), type: undefined };

/**
 * The landing page's 'Fale conosco' (base /api/contact) as a contract (src/domain/contract.ts): the
 * route (server/contact/handlers.ts) and the page's call (src/dataProvider/themesApi.ts sendContact).
 */
export const CONTACT_CONTRACT = defineContract({
  method: 'POST',
  base: 'contact',
  path: '',
  summary: 'Mensagem do formulário de contato',
  body: contactBody,
  responses: API_ANSWERS.contactSent,
});
