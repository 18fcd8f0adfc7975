/**
 * The Polícia Federal authorisation on the provider's record (docs/rules/agents.md): its validity is
 * a date picker (dd/mm/aaaa, held as aaaa-mm-dd), read as dd/mm/aaaa, checked by the shared schema
 * in Portuguese before anything is sent; a good day is saved as picked.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceProviders } from '../../server/db/schema';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { dayText } from '../../src/domain/agents/licence';
import { INVALID_DATE } from '../../src/domain/messages';
import { PF_MESSAGES } from '../../src/domain/schemas/rosterAgent';
import { DATE_OUT_OF_RANGE } from '../../src/domain/validators/dates';
import { renderOverServer } from './contractHarness';
import { createUiServer, type UiServer } from './uiServer';

const LABEL = 'Validade da autorização da Polícia Federal';

let server: UiServer;
beforeAll(async () => {
  server = await createUiServer();
}, 120_000);
afterAll(async () => server?.close());

const stored = async () => {
  const [row] = await server.database.db.select({ validUntil: serviceProviders.pfAuthorizationValidUntil }).from(serviceProviders).where(eq(serviceProviders.id, DEMO_IDS.provider));
  return row?.validUntil;
};

describe("the provider's PF authorisation validity", () => {
  it('is read as dd/mm/aaaa, picked as a date, refused in Portuguese when impossible, and saved as picked', { timeout: 120_000 }, async () => {
    const before = await stored();
    if (!before) throw new Error('the demo seed registers Pronta Resposta Demo’s authorisation');
    renderOverServer(`/home/admin/advanced/providers/${DEMO_IDS.provider}/show`, await server.signedIn('gestor'));
    const dialog = await screen.findByRole('dialog', { name: 'Consultar | Prestadora de Serviços' }, { timeout: 30_000 });
    expect(within(dialog).getByTestId('value-pfAuthorization.validUntil')).toHaveTextContent(dayText(before));

    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Editar' }));
    const group = await within(dialog).findByRole('group', { name: LABEL }, { timeout: 30_000 });
    const sections = () => within(group).getAllByRole('spinbutton');
    expect(sections().map((s) => s.textContent).join('/')).toBe(dayText(before));

    // Half a date: not a day.
    await user.click(sections()[0] as HTMLElement);
    await user.keyboard('{Control>}a{/Control}{Backspace}3112');

    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await new Promise((r) => setTimeout(r, 3000));
    expect(await within(dialog).findByText(INVALID_DATE)).toBeInTheDocument();

    // A year outside the product's years.
    await user.click(sections()[0] as HTMLElement);
    await user.keyboard('31121899');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText(DATE_OUT_OF_RANGE)).toBeInTheDocument();

    // The number without a validity: told under the validity.
    await user.click(sections()[0] as HTMLElement);
    await user.keyboard('{Control>}a{/Control}{Backspace}');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText(PF_MESSAGES.validUntilRequired)).toBeInTheDocument();
    expect(await stored()).toBe(before);

    await user.click(sections()[0] as HTMLElement);
    await user.keyboard('31122027');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(async () => expect(await stored()).toBe('2027-12-31'), { timeout: 30_000 });
    await server.database.db.update(serviceProviders).set({ pfAuthorizationValidUntil: before }).where(eq(serviceProviders.id, DEMO_IDS.provider));
  });
});
