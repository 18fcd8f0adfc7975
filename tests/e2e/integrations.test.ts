/**
 * 'Integrações' end to end (docs/integrations.md, docs/rules/integrations.md,
 * docs/rules/webhooks.md), in Chromium against the real `npm start`: the risk manager's
 * Administrador creates an API key and a webhook on the screen, another system opens a mission
 * with the key by plain HTTP calls (curl's), retried with the same Idempotency-Key (one mission),
 * and a receiver started here verifies every delivery with the `standardwebhooks` package; the
 * delivery shows in the screen's log, and 'Reenviar' delivers it again with the same webhook-id.
 * Then the page on a 390 px phone: nothing wider than the screen, every control at least 44 px.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { API_KEY_SCOPE_LABELS, INTEGRATION_TEXTS, INTEGRATIONS_PATH } from '../../src/domain/integrations/apiKeys';
import type { InboundMission } from '../../src/domain/integrations/contracts';
import { WEBHOOK_MESSAGE_STATE_LABELS } from '../../src/domain/webhooks';
import { WEBHOOK_TEXTS } from '../../src/domain/webhooks/texts';
import { startReceiver, type Receiver } from '../server/webhookReceiver';
import { useE2eServer } from './harness';
import { PHONE, phoneAudit } from './phoneAudit';

const WAIT = 30_000;
// The receiver listens on this machine over http://: the server is told both are allowed, as a risk manager's internal receiver would be.
const e2e = useE2eServer({ env: { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE: 'true' } });

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

const KEY_NAME = 'Plataforma de rastreamento';
const REFERENCE = 'ALERTA-E2E-000123';
// The demo seed's shipper, service, requester, cause and carrier, named as docs/integrations.md does.
const ALERT = {
  shipperCnpj: '33.683.930/0001-46',
  service: 'Pronta resposta padrão',
  requester: 'Central de Monitoramento',
  cause: 'Parada indevida',
  carrier: 'TransLog Cargas',
  processNumber: 'PROC-E2E-4471',
  externalReference: REFERENCE,
  place: { zipcode: '01310-100', address: 'Avenida Paulista', number: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP', latitude: -23.5613, longitude: -46.6565 },
};

/** The secret in the open 'shown once' dialog, read from its box, then the dialog closed. */
async function readSecret(page: Page, title: string | RegExp, label: string): Promise<string> {
  const shown = page.getByRole('dialog', { name: title });
  const secret = await shown.getByRole('textbox', { name: label }).inputValue();
  await shown.getByRole('button', { name: INTEGRATION_TEXTS.done }).click();
  await shown.waitFor({ state: 'detached', timeout: WAIT });
  return secret;
}

/** The alert as the tracking platform sends it: a plain HTTP call with the key, as the curl of docs/integrations.md. */
const sendAlert = (key: string) =>
  fetch(`${e2e.url}/api/v1/integrations/missions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'idempotency-key': 'alerta-e2e-000123', 'content-type': 'application/json' },
    body: JSON.stringify(ALERT),
  });

describe("'Integrações' end to end", () => {
  test('a key and a webhook made on the screen; a mission opened by the key, once; its signed delivery in the log, and again by Reenviar', { timeout: 240_000 }, async () => {
    const page = await e2e.newPage('integrations');
    await e2e.logIn(page, 'gestor@demo.com.br');
    await page.goto(`${e2e.url}${INTEGRATIONS_PATH}`);

    // The key: missions:write to open, missions:read to follow; its secret read once from the screen.
    await page.getByRole('button', { name: INTEGRATION_TEXTS.add }).click({ timeout: WAIT });
    const keyForm = page.getByRole('dialog', { name: INTEGRATION_TEXTS.add });
    await keyForm.getByRole('textbox', { name: INTEGRATION_TEXTS.name }).fill(KEY_NAME);
    await keyForm.getByRole('checkbox', { name: `${API_KEY_SCOPE_LABELS['missions:write']} (missions:write)` }).check();
    await keyForm.getByRole('checkbox', { name: `${API_KEY_SCOPE_LABELS['missions:read']} (missions:read)` }).check();
    await keyForm.getByRole('button', { name: INTEGRATION_TEXTS.save }).click();
    const key = await readSecret(page, `${INTEGRATION_TEXTS.secretTitle}: ${KEY_NAME}`, INTEGRATION_TEXTS.keysTab);
    expect(key).toMatch(/^prk_/);
    await page.getByRole('listitem', { name: KEY_NAME }).waitFor({ timeout: WAIT });

    // The webhook: the receiver's address, 'Missão criada' (the form's default); its secret told to the receiver.
    await page.getByRole('tab', { name: WEBHOOK_TEXTS.tab }).click();
    await page.getByRole('button', { name: WEBHOOK_TEXTS.add }).click({ timeout: WAIT });
    const hookForm = page.getByRole('dialog', { name: WEBHOOK_TEXTS.add });
    await hookForm.getByRole('textbox', { name: WEBHOOK_TEXTS.url }).fill(receiver.url);
    expect(await hookForm.getByRole('checkbox', { name: /\(mission\.created\)$/ }).isChecked()).toBe(true);
    await hookForm.getByRole('button', { name: WEBHOOK_TEXTS.save }).click();
    const secret = await readSecret(page, WEBHOOK_TEXTS.secretTitle, WEBHOOK_TEXTS.secretLabel);
    expect(secret).toMatch(/^whsec_/);
    receiver.secrets.push(secret);
    const card = page.getByRole('listitem', { name: receiver.url });
    await card.waitFor({ timeout: WAIT });

    // The alert, and the platform's retry with the same Idempotency-Key: one mission.
    const first = await sendAlert(key);
    expect(first.status).toBe(201);
    const mission = (await first.json()) as InboundMission;
    expect(mission).toMatchObject({ status: 'open', externalReference: REFERENCE });
    const retry = await sendAlert(key);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(((await retry.json()) as InboundMission)._id).toBe(mission._id);
    const listed = await fetch(`${e2e.url}/api/v1/integrations/missions?externalReference=${REFERENCE}`, { headers: { authorization: `Bearer ${key}` } });
    expect(((await listed.json()) as InboundMission[]).map((m) => m._id)).toEqual([mission._id]);

    // The receiver got mission.created, signed with the endpoint's secret, once.
    const [delivered] = await receiver.waitFor(1, WAIT);
    expect(delivered?.body).toMatchObject({ type: 'mission.created', version: 1, data: { missionId: mission._id, status: 'open' } });
    expect(delivered?.verifiedWith).toEqual([secret]);
    const webhookId = delivered?.id ?? '';

    // The screen's log shows that delivery, under the same webhook-id, delivered.
    await card.getByRole('button', { name: WEBHOOK_TEXTS.deliveries }).click();
    const entry = card.getByRole('listitem', { name: `mission.created ${webhookId}` });
    await entry.getByText(WEBHOOK_MESSAGE_STATE_LABELS.delivered, { exact: true }).waitFor({ timeout: WAIT });
    await entry.getByText(new RegExp(`webhook-id ${webhookId} · 1 tentativa\\(s\\) · última: 200`)).waitFor();
    expect(receiver.received).toHaveLength(1);

    // 'Reenviar' delivers it again: the same webhook-id, a valid signature.
    await entry.getByRole('button', { name: `${WEBHOOK_TEXTS.resend} ${webhookId}` }).click();
    const [, again] = await receiver.waitFor(2, WAIT);
    expect(again?.id).toBe(webhookId);
    expect(again?.verifiedWith).toEqual([secret]);
    expect(again?.body).toMatchObject({ type: 'mission.created', data: { missionId: mission._id } });
  });

  test('390 px: both tabs, the delivery log and the forms fit the phone; every control at least 44 px tall', { timeout: 180_000 }, async () => {
    const page = await e2e.newPage('integrations-phone', PHONE);
    await e2e.logIn(page, 'gestor@demo.com.br');
    await page.goto(`${e2e.url}${INTEGRATIONS_PATH}`);
    await page.getByRole('listitem', { name: KEY_NAME }).waitFor({ timeout: WAIT });
    await phoneAudit(page, 'Chaves de API');

    await page.getByRole('button', { name: INTEGRATION_TEXTS.add }).click();
    const keyForm = page.getByRole('dialog', { name: INTEGRATION_TEXTS.add });
    await keyForm.getByRole('button', { name: INTEGRATION_TEXTS.save }).click();
    await keyForm.getByText('Informe o nome da chave').waitFor({ timeout: WAIT });
    await phoneAudit(page, 'Nova chave', keyForm);
    await keyForm.getByRole('button', { name: INTEGRATION_TEXTS.cancel }).click();
    await keyForm.waitFor({ state: 'detached', timeout: WAIT });

    await page.getByRole('tab', { name: WEBHOOK_TEXTS.tab }).click();
    const card = page.getByRole('listitem', { name: receiver.url });
    await card.getByRole('button', { name: WEBHOOK_TEXTS.deliveries }).click({ timeout: WAIT });
    await card.getByRole('list', { name: WEBHOOK_TEXTS.deliveries }).getByRole('listitem').first().waitFor({ timeout: WAIT });
    await phoneAudit(page, 'Webhooks e entregas');

    await page.getByRole('button', { name: WEBHOOK_TEXTS.add }).click();
    const hookForm = page.getByRole('dialog', { name: WEBHOOK_TEXTS.add });
    await hookForm.getByRole('textbox', { name: WEBHOOK_TEXTS.url }).fill('exemplo');
    await hookForm.getByRole('button', { name: WEBHOOK_TEXTS.save }).click();
    await hookForm.getByText(/^Endereço inválido/).waitFor({ timeout: WAIT });
    await phoneAudit(page, 'Novo webhook', hookForm);
    await hookForm.getByRole('button', { name: WEBHOOK_TEXTS.cancel }).click();

    await card.getByRole('button', { name: WEBHOOK_TEXTS.remove }).click();
    const confirm = page.getByRole('dialog', { name: `${WEBHOOK_TEXTS.remove} | ${receiver.url}` });
    await confirm.waitFor({ timeout: WAIT });
    await phoneAudit(page, 'Excluir webhook', confirm);
  });
});
