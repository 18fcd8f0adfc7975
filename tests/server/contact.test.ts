import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ValidationIssue } from '../../src/domain/apiErrors';
import { CONTACT_FAILED, CONTACT_TOO_MANY } from '../../src/domain/company';
import { contactMailSubject } from '../../server/contact/handlers';
import { createTestApp, type TestApp } from './helpers';

/** POST /api/contact: the landing page's 'Fale conosco'. */

let t: TestApp;
let failMail = false;
beforeAll(async () => {
  t = await createTestApp(
    { contactEmail: 'central@exemplo.com.br' },
    {
      mailer: {
        send: () => (failMail ? Promise.reject(new Error('SMTP fora do ar')) : Promise.resolve()),
      },
    },
  );
}, 120_000);
afterAll(async () => t.close());

let address = 0;
/** Each test from its own client address, so the per-address limit of one does not touch another. */
const send = (payload: unknown, remoteAddress = `10.0.0.${++address}`) =>
  t.app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, remoteAddress });

const message = { name: 'Maria Souza', email: 'Maria@Transportes.com.br', message: 'Quero uma proposta de escolta para 40 viagens por mês.' };

describe('contact', () => {
  it('sends the message to the configured address', async () => {
    const before = t.outbox.length;
    const response = await send(message);
    expect(response.statusCode).toBe(201);
    const mail = t.outbox.slice(before);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toEqual({
      to: 'central@exemplo.com.br',
      subject: contactMailSubject('Maria Souza'),
      text: expect.stringContaining('Quero uma proposta de escolta para 40 viagens por mês.') as string,
    });
    expect(mail[0]?.text).toContain('maria@transportes.com.br');
  });

  it('bad input is a 400 with the product’s messages and sends nothing', async () => {
    const before = t.outbox.length;
    const cases: [unknown, Record<string, string>][] = [
      [{}, { name: 'Preencha o nome', email: 'Preencha o e-mail', message: 'Preencha a mensagem' }],
      [{ name: '  ', email: ' ', message: '\n' }, { name: 'Preencha o nome', email: 'Preencha o e-mail', message: 'Preencha a mensagem' }],
      [{ ...message, email: 'maria@' }, { email: 'Formato de e-mail inválido' }],
      [{ ...message, name: 12, message: ['x'] }, { name: 'Tipo de valor inválido', message: 'Tipo de valor inválido' }],
      [{ ...message, name: 'Maria\u0000' }, { name: 'Caracteres de controle não são permitidos' }],
      [{ ...message, message: 'x'.repeat(5001) }, { message: 'Máximo de 5000 caracteres' }],
    ];
    for (const [payload, expected] of cases) {
      const response = await send(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      const errors = response.json<{ errors: ValidationIssue[] }>().errors;
      expect(Object.fromEntries(errors.map((e) => [e.path, e.message]))).toEqual(expected);
    }
    expect((await send('não é JSON')).statusCode).toBe(415);
    expect(t.outbox.length).toBe(before);
  });

  it('a line break, tab or other control character in a field that reaches a mail header is a 400 and sends nothing', async () => {
    const before = t.outbox.length;
    const cases: [unknown, Record<string, string>][] = [
      [{ ...message, name: 'Fulano\r\nBcc: alvo@exemplo.com' }, { name: 'Caracteres de controle não são permitidos' }],
      [{ ...message, name: 'Fulano\nBcc: alvo@exemplo.com' }, { name: 'Caracteres de controle não são permitidos' }],
      [{ ...message, name: 'Fulano\rBcc: alvo@exemplo.com' }, { name: 'Caracteres de controle não são permitidos' }],
      [{ ...message, name: 'Fulano\tde Tal' }, { name: 'Caracteres de controle não são permitidos' }],
      [{ ...message, email: 'maria@transportes.com.br\r\nBcc: alvo@exemplo.com' }, { email: 'Formato de e-mail inválido' }],
      [{ ...message, name: `${'n'.repeat(121)}\r\n` }, { name: 'Máximo de 120 caracteres' }],
    ];
    for (const [payload, expected] of cases) {
      const response = await send(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      const errors = response.json<{ errors: ValidationIssue[] }>().errors;
      expect(Object.fromEntries(errors.map((e) => [e.path, e.message]))).toEqual(expected);
    }
    expect(t.outbox.length).toBe(before);
    // Spaces around the name are trimmed, as before: only what would stay in the subject counts.
    expect((await send({ ...message, name: '  Maria Souza\r\n' })).statusCode).toBe(201);
    expect(t.outbox.at(-1)?.subject).toBe(contactMailSubject('Maria Souza'));
  });

  it('a failing mailer is a clear Portuguese error', async () => {
    failMail = true;
    try {
      const response = await send(message);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ error: CONTACT_FAILED });
    } finally {
      failMail = false;
    }
  });

  it('is rate-limited per client address: the sixth message in 15 minutes is a 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await send(message, '10.9.9.9')).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const refused = await send(message, '10.9.9.9');
    expect(refused.json()).toEqual({ error: CONTACT_TOO_MANY });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send(message, '10.9.9.10')).statusCode).toBe(201);
    t.clock.advance(15 * 60 * 1000 + 1000);
    expect((await send(message, '10.9.9.9')).statusCode).toBe(201);
  });
});
