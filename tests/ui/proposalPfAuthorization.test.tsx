/**
 * The proposal form and the provider's Polícia Federal authorisation (docs/rules/agents.md): with it
 * expired, the form says so in Portuguese as it opens and sends nothing (a valid one sends: proposalBase.test.tsx).
 */
import { screen, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { serviceProviders } from '../../server/db/schema';
import { pfAuthorizationBlock, saoPauloDay } from '../../src/domain/agents/licence';
import { dismiss } from '../../src/layout/notify';
import { PROVIDER_ID, renderMissions, rowOf, seedMission, serveMissions, writes } from './missionsHarness';

const server = serveMissions();

const dayFrom = (days: number) => saoPauloDay(new Date(Date.now() + days * 86_400_000));
const setValidUntil = (validUntil: string) =>
  server.t.database.db.update(serviceProviders).set({ pfAuthorizationNumber: 'PF-2024/0815', pfAuthorizationValidUntil: validUntil }).where(eq(serviceProviders.id, PROVIDER_ID));

afterEach(async () => {
  dismiss();
  await setValidUntil(dayFrom(730));
});

async function openProposal(processNumber: string) {
  const { user } = await renderMissions(server, 'prestador');
  await user.click(within(await rowOf(processNumber)).getByRole('button', { name: `Enviar proposta para a missão ${processNumber}` }));
  return { user, dialog: await screen.findByRole('dialog', { name: `Enviar proposta — Missão ${processNumber}` }) };
}

describe('proposal form and the PF authorisation', () => {
  it('an expired authorisation is explained as the form opens, and nothing is sent', { timeout: 60_000 }, async () => {
    const expired = dayFrom(-3);
    await setValidUntil(expired);
    await seedMission(server, { processNumber: 'PF-VENCIDA' });
    const { user, dialog } = await openProposal('PF-VENCIDA');
    const expected = pfAuthorizationBlock(expired, saoPauloDay(new Date())) ?? '';
    expect(expected).toContain('venceu em');
    expect(await within(dialog).findByText(expected)).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Confirmar' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Previsão em KM' }), '12{Enter}');
    expect(writes(server)).toEqual([]);
  });
});
