/**
 * 'Integrações' → 'Chaves de API' (docs/rules/integrations.md) over the real server: the risk
 * manager's Administrador creates a key (the form's refusals in Portuguese first), sees its secret
 * once — and that secret opens the API — then revokes it after a confirmation, with one request
 * however the button is clicked; the platform admin picks the tenant before anything shows.
 */
import { eq } from 'drizzle-orm';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiKeys } from '../../server/db/schema';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { API_KEY_MESSAGES, API_KEY_SCOPE_LABELS, API_KEY_STATUS_LABELS, INTEGRATION_TEXTS } from '../../src/domain/integrations/apiKeys';
import type { TestApp } from '../server/helpers';
import { serveScreens } from './screenServer';
import { renderIntegrations } from './integrationsHarness';

const KEYS = /^\/api\/v1\/integrations\/keys$/;
const ONE_KEY = /^\/api\/v1\/integrations\/keys\/[0-9a-f]{24}$/;
const NAME = 'Plataforma de rastreamento';

let t: TestApp;
serveScreens((ready) => (t = ready));

/** An integration call with the key, as the other system makes it. */
const callWith = async (secret: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/integrations/missions?externalReference=nenhuma', headers: { authorization: `Bearer ${secret}` } })).statusCode;

describe("'Chaves de API'", () => {
  it('creates a key, shows its secret once, and revokes it after a confirmation with one request', async () => {
    const { user, sent } = await renderIntegrations(t.app, 'gestor@demo.com.br');
    expect(await screen.findByText(INTEGRATION_TEXTS.empty, {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: INTEGRATION_TEXTS.tenant })).toBeNull();

    await user.click(screen.getByRole('button', { name: INTEGRATION_TEXTS.add }));
    const form = await screen.findByRole('dialog', { name: INTEGRATION_TEXTS.add });
    await user.click(within(form).getByRole('button', { name: INTEGRATION_TEXTS.save }));
    expect(await within(form).findByText(API_KEY_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(within(form).getByText(API_KEY_MESSAGES.scopesRequired)).toBeInTheDocument();
    expect(sent('POST', KEYS)).toBe(0);

    await user.type(within(form).getByRole('textbox', { name: new RegExp(INTEGRATION_TEXTS.name) }), NAME);
    await user.click(within(form).getByRole('checkbox', { name: `${API_KEY_SCOPE_LABELS['missions:write']} (missions:write)` }));
    await user.click(within(form).getByRole('checkbox', { name: `${API_KEY_SCOPE_LABELS['missions:read']} (missions:read)` }));
    await user.click(within(form).getByRole('button', { name: INTEGRATION_TEXTS.save }));

    const shown = await screen.findByRole('dialog', { name: `${INTEGRATION_TEXTS.secretTitle}: ${NAME}` });
    expect(within(shown).getByText(INTEGRATION_TEXTS.secretWarning)).toBeInTheDocument();
    const secret = within(shown).getByRole<HTMLInputElement>('textbox', { name: INTEGRATION_TEXTS.keysTab }).value;
    expect(secret).toMatch(/^prk_[A-Za-z0-9_-]{43}$/);
    expect(sent('POST', KEYS)).toBe(1);
    expect(await callWith(secret)).toBe(200);
    const [stored] = await t.database.db.select({ tenant: apiKeys.riskManager, scopes: apiKeys.scopes }).from(apiKeys).where(eq(apiKeys.name, NAME));
    expect(stored).toEqual({ tenant: DEMO_IDS.riskManager, scopes: ['missions:read', 'missions:write'] });

    // Once closed, the secret is nowhere on the screen: the card shows its first characters only.
    await user.click(within(shown).getByRole('button', { name: INTEGRATION_TEXTS.done }));
    const card = await screen.findByRole('listitem', { name: NAME });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(card).getByText(`${secret.slice(0, 12)}…`)).toBeInTheDocument();
    expect(screen.queryByDisplayValue(secret)).toBeNull();
    expect(document.body.textContent).not.toContain(secret);
    expect(within(card).getByText(API_KEY_STATUS_LABELS.active)).toBeInTheDocument();

    // 'Revogar' asks first: 'Não, cancelar' sends nothing.
    await user.click(within(card).getByRole('button', { name: `${INTEGRATION_TEXTS.revoke} ${NAME}` }));
    let confirm = await screen.findByRole('dialog', { name: `${INTEGRATION_TEXTS.revoke} | ${NAME}` });
    expect(within(confirm).getByText(INTEGRATION_TEXTS.revokeConfirm(NAME))).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Não, cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('DELETE', ONE_KEY)).toBe(0);
    expect(await callWith(secret)).toBe(200);

    await user.click(within(card).getByRole('button', { name: `${INTEGRATION_TEXTS.revoke} ${NAME}` }));
    confirm = await screen.findByRole('dialog', { name: `${INTEGRATION_TEXTS.revoke} | ${NAME}` });
    await user.dblClick(within(confirm).getByRole('button', { name: 'Sim, tenho certeza' }));
    await waitFor(() => expect(within(screen.getByRole('listitem', { name: NAME })).getByText(API_KEY_STATUS_LABELS.revoked)).toBeInTheDocument());
    expect(sent('DELETE', ONE_KEY)).toBe(1);
    expect(within(screen.getByRole('listitem', { name: NAME })).queryByRole('button', { name: `${INTEGRATION_TEXTS.revoke} ${NAME}` })).toBeNull();
    expect(await callWith(secret)).toBe(401);
  }, 60_000);

  it('the platform admin picks the tenant, then makes the key for it', async () => {
    const { user, sent } = await renderIntegrations(t.app, 'admin@demo.com.br');
    const tenant = await screen.findByRole('combobox', { name: INTEGRATION_TEXTS.tenant }, { timeout: 20_000 });
    expect(screen.queryByRole('button', { name: INTEGRATION_TEXTS.add })).toBeNull();
    expect(sent('GET', KEYS)).toBe(0);
    await user.click(tenant);
    await user.click(await screen.findByRole('option', { name: 'Gerenciadora Norte' }));
    expect(await screen.findByText(INTEGRATION_TEXTS.empty)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: INTEGRATION_TEXTS.add }));
    const form = await screen.findByRole('dialog', { name: INTEGRATION_TEXTS.add });
    await user.type(within(form).getByRole('textbox', { name: new RegExp(INTEGRATION_TEXTS.name) }), 'ERP Norte');
    await user.click(within(form).getByRole('checkbox', { name: `${API_KEY_SCOPE_LABELS['reports:read']} (reports:read)` }));
    await user.click(within(form).getByRole('button', { name: INTEGRATION_TEXTS.save }));
    await screen.findByRole('dialog', { name: `${INTEGRATION_TEXTS.secretTitle}: ERP Norte` });
    const rows = await t.database.db.select({ tenant: apiKeys.riskManager }).from(apiKeys).where(eq(apiKeys.name, 'ERP Norte'));
    expect(rows).toEqual([{ tenant: DEMO_IDS.riskManagerNorte }]);
  }, 60_000);
});
