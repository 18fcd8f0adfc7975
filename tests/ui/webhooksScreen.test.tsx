/**
 * 'Integrações' → 'Webhooks' (docs/rules/webhooks.md) over the real server: the form's refusals in
 * Portuguese under each field (a bad address, no event, and the server's own: http:// where it is
 * not allowed), the secret shown once, 'Rotacionar segredo' and 'Excluir' asking first and sending
 * one request even on a double click, the delivery log with 'Reenviar' (one request too); the
 * platform admin picks the tenant, and sees only that tenant's webhooks.
 */
import { eq } from 'drizzle-orm';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { webhookEndpoints } from '../../server/db/schema';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { INTEGRATION_TEXTS } from '../../src/domain/integrations/apiKeys';
import { WEBHOOK_MESSAGE_STATE_LABELS, WEBHOOK_MESSAGES, WEBHOOK_EVENT_LABELS } from '../../src/domain/webhooks';
import { WEBHOOK_TEXTS } from '../../src/domain/webhooks/texts';
import type { TestApp } from '../server/helpers';
import { serveScreens } from './screenServer';
import { type User } from './contractHarness';
import { renderIntegrations } from './integrationsHarness';

const HOOKS = /^\/api\/v1\/integrations\/webhooks$/;
const HOOK = /^\/api\/v1\/integrations\/webhooks\/[0-9a-f]{24}$/;
const URL_OK = 'https://sistema.exemplo.com.br/webhooks';
const CREATED_BOX = `${WEBHOOK_EVENT_LABELS['mission.created']} (mission.created)`;

let t: TestApp;
  // The worker is off (the test app's default): a message stays 'Pendente' for the log to show.
serveScreens((ready) => (t = ready), { webhooks: { allowHttp: false, allowPrivate: false, timeoutMs: 1000, retryBaseMs: 1000 } });

async function openTab(user: User) {
  await user.click(await screen.findByRole('tab', { name: WEBHOOK_TEXTS.tab }, { timeout: 20_000 }));
}

/** Types `url` into the open form and saves it; the form is returned. */
async function submitEndpoint(user: User, url: string) {
  const form = screen.getByRole('dialog', { name: WEBHOOK_TEXTS.add });
  const box = within(form).getByRole('textbox', { name: new RegExp(WEBHOOK_TEXTS.url.replace(/[()]/g, '\\$&')) });
  await user.clear(box);
  await user.type(box, url);
  await user.click(within(form).getByRole('button', { name: WEBHOOK_TEXTS.save }));
  return form;
}

const secretOf = async () => {
  const shown = await screen.findByRole('dialog', { name: WEBHOOK_TEXTS.secretTitle });
  expect(within(shown).getByText(WEBHOOK_TEXTS.secretWarning)).toBeInTheDocument();
  return { shown, secret: within(shown).getByRole<HTMLInputElement>('textbox', { name: WEBHOOK_TEXTS.secretLabel }).value };
};

describe("'Webhooks'", () => {
  it('refuses a bad form in Portuguese, shows the secret once, asks before rotating and deleting, resends from the log — one request each', async () => {
    const { user, sent } = await renderIntegrations(t.app, 'gestor@demo.com.br');
    await openTab(user);
    expect(await screen.findByText(WEBHOOK_TEXTS.empty)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: WEBHOOK_TEXTS.add }));
    let form = await screen.findByRole('dialog', { name: WEBHOOK_TEXTS.add });
    await user.click(within(form).getByRole('checkbox', { name: CREATED_BOX }));
    await submitEndpoint(user, 'exemplo.com.br/webhooks');
    expect(await within(form).findByText(WEBHOOK_MESSAGES.urlInvalid)).toBeInTheDocument();
    expect(within(form).getByText(WEBHOOK_MESSAGES.eventsRequired)).toBeInTheDocument();
    expect(sent('POST', HOOKS)).toBe(0);

    // What only the server knows comes back under the field: this server takes https:// only.
    await user.click(within(form).getByRole('checkbox', { name: CREATED_BOX }));
    form = await submitEndpoint(user, 'http://sistema.exemplo.com.br/webhooks');
    expect(await within(form).findByText(WEBHOOK_MESSAGES.urlNotHttps)).toBeInTheDocument();
    expect(within(form).queryByText(WEBHOOK_MESSAGES.eventsRequired)).toBeNull();
    expect(sent('POST', HOOKS)).toBe(1);

    await submitEndpoint(user, URL_OK);
    const first = await secretOf();
    expect(first.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(sent('POST', HOOKS)).toBe(2);
    await user.click(within(first.shown).getByRole('button', { name: INTEGRATION_TEXTS.done }));
    const card = await screen.findByRole('listitem', { name: URL_OK });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.textContent).not.toContain(first.secret);
    expect(within(card).getByText(WEBHOOK_EVENT_LABELS['mission.created'])).toBeInTheDocument();

    // 'Rotacionar segredo' asks; 'Não, cancelar' sends nothing; 'Sim' twice sends one and shows the new secret.
    const rotate = /^\/api\/v1\/integrations\/webhooks\/[0-9a-f]{24}\/rotate$/;
    await user.click(within(card).getByRole('button', { name: WEBHOOK_TEXTS.rotate }));
    let confirm = await screen.findByRole('dialog', { name: `${WEBHOOK_TEXTS.rotate} | ${URL_OK}` });
    expect(within(confirm).getByText(WEBHOOK_TEXTS.rotateConfirm(URL_OK))).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Não, cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('POST', rotate)).toBe(0);
    await user.click(within(card).getByRole('button', { name: WEBHOOK_TEXTS.rotate }));
    confirm = await screen.findByRole('dialog', { name: `${WEBHOOK_TEXTS.rotate} | ${URL_OK}` });
    await user.dblClick(within(confirm).getByRole('button', { name: 'Sim, tenho certeza' }));
    const second = await secretOf();
    expect(second.secret).toMatch(/^whsec_/);
    expect(second.secret).not.toBe(first.secret);
    expect(sent('POST', rotate)).toBe(1);
    await user.click(within(second.shown).getByRole('button', { name: INTEGRATION_TEXTS.done }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // 'Enviar teste' puts a message in the log; 'Reenviar' clicked twice sends one request.
    await user.click(within(card).getByRole('button', { name: WEBHOOK_TEXTS.test }));
    expect(await screen.findByText(WEBHOOK_TEXTS.testQueued)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: WEBHOOK_TEXTS.deliveries }));
    const log = await within(card).findByRole('list', { name: WEBHOOK_TEXTS.deliveries });
    const message = await within(log).findByRole('listitem', { name: /^webhook\.test / });
    expect(within(message).getByText(WEBHOOK_MESSAGE_STATE_LABELS.pending)).toBeInTheDocument();
    const resend = /^\/api\/v1\/integrations\/webhooks\/messages\/[0-9a-f]{24}\/resend$/;
    await user.dblClick(within(message).getByRole('button', { name: new RegExp(`^${WEBHOOK_TEXTS.resend} `) }));
    expect(await screen.findByText(WEBHOOK_TEXTS.resent)).toBeInTheDocument();
    expect(sent('POST', resend)).toBe(1);

    // 'Excluir' asks; 'Sim' twice deletes once.
    await user.click(within(card).getByRole('button', { name: WEBHOOK_TEXTS.remove }));
    confirm = await screen.findByRole('dialog', { name: `${WEBHOOK_TEXTS.remove} | ${URL_OK}` });
    expect(within(confirm).getByText(WEBHOOK_TEXTS.removeConfirm(URL_OK))).toBeInTheDocument();
    await user.dblClick(within(confirm).getByRole('button', { name: 'Sim, tenho certeza' }));
    expect(await screen.findByText(WEBHOOK_TEXTS.empty)).toBeInTheDocument();
    expect(sent('DELETE', HOOK)).toBe(1);
    expect(await t.database.db.select().from(webhookEndpoints)).toEqual([]);
  }, 90_000);

  it("the platform admin picks the tenant: the webhook is made for it, and another tenant's list does not show it", async () => {
    const { user, sent } = await renderIntegrations(t.app, 'admin@demo.com.br');
    await openTab(user);
    const tenant = await screen.findByRole('combobox', { name: INTEGRATION_TEXTS.tenant });
    expect(screen.queryByRole('button', { name: WEBHOOK_TEXTS.add })).toBeNull();
    expect(sent('GET', HOOKS)).toBe(0);
    await user.click(tenant);
    await user.click(await screen.findByRole('option', { name: 'Gerenciadora Norte' }));
    expect(await screen.findByText(WEBHOOK_TEXTS.empty)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: WEBHOOK_TEXTS.add }));
    await screen.findByRole('dialog', { name: WEBHOOK_TEXTS.add });
    await submitEndpoint(user, URL_OK);
    const { shown } = await secretOf();
    await user.click(within(shown).getByRole('button', { name: INTEGRATION_TEXTS.done }));
    expect(await screen.findByRole('listitem', { name: URL_OK })).toBeInTheDocument();
    expect(await t.database.db.select({ tenant: webhookEndpoints.riskManager }).from(webhookEndpoints).where(eq(webhookEndpoints.url, URL_OK))).toEqual([
      { tenant: DEMO_IDS.riskManagerNorte },
    ]);

    await user.click(screen.getByRole('combobox', { name: INTEGRATION_TEXTS.tenant }));
    await user.click(await screen.findByRole('option', { name: 'Gerenciadora Demo' }));
    expect(await screen.findByText(WEBHOOK_TEXTS.empty)).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: URL_OK })).toBeNull();
  }, 90_000);
});
