/**
 * The provider's screens on a 390×844 phone (docs/rules/field-app.md): the missions list, the
 * proposal form, a held mission's details with 'Próxima ação', the agent's odometer dialog, the
 * occurrence form, the chat and the 'Notificações' section. On each, every visible input and button
 * is at least 44 px tall (a thumb on the road, WCAG 2.5.5), the page does not scroll sideways and no
 * text is cut (cutText).
 */
import { describe, test } from 'vitest';
import { heldStartedMission, useE2eServer } from './harness';
import { PHONE, phoneAudit as audit } from './phoneAudit';

const e2e = useE2eServer();

describe('the provider at 390 px', () => {
  test('every screen of the field app: controls at least 44 px tall, nothing cut or wider than the phone', { timeout: 240_000 }, async () => {
    const page = await e2e.newPage('field-phone', PHONE);
    await e2e.logIn(page, 'prestador@demo.com.br');
    const cards = page.getByRole('list', { name: 'Missões' }).getByRole('listitem');
    await cards.first().waitFor({ timeout: 30_000 });
    await audit(page, 'Missões');

    await page.getByRole('button', { name: /^Enviar proposta para a missão / }).first().click();
    const proposal = page.getByRole('dialog');
    await proposal.getByRole('button', { name: 'Usar minha localização' }).waitFor();
    await audit(page, 'Enviar proposta', proposal);
    await page.keyboard.press('Escape');
    await proposal.waitFor({ state: 'detached' });

    const mission = await heldStartedMission(page);
    await page.goto(`${e2e.url}/home/missions/${mission._id}/details/started`);
    await page.getByRole('region', { name: 'Próxima ação' }).waitFor({ timeout: 30_000 });
    await audit(page, 'Detalhes da missão');

    await page.getByRole('tab', { name: 'Prestadores' }).click();
    await page.getByRole('button', { name: 'Adicionar' }).click();
    const agent = page.getByRole('dialog');
    await agent.getByLabel('Km').first().waitFor();
    await audit(page, 'Agente e leituras de hodômetro', agent);
    await page.keyboard.press('Escape');
    await agent.waitFor({ state: 'detached' });

    await page.getByRole('tab', { name: 'Ocorrências' }).click();
    await page.getByRole('button', { name: 'Adicionar' }).click();
    const occurrence = page.getByRole('dialog');
    await occurrence.getByLabel('Descrição').waitFor();
    await audit(page, 'Ocorrência', occurrence);
    await page.keyboard.press('Escape');
    await occurrence.waitFor({ state: 'detached' });

    await page.goto(`${e2e.url}/home/missions/${mission._id}/chat/started`);
    await page.getByRole('button', { name: 'Enviar' }).waitFor({ timeout: 30_000 });
    await audit(page, 'Chat');

    await page.goto(`${e2e.url}/home/account/security`);
    await page.getByRole('heading', { name: 'Notificações' }).waitFor({ timeout: 30_000 });
    await audit(page, 'Notificações');
  });
});
