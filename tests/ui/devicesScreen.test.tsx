/**
 * 'Dispositivos' (/home/devices, docs/rules/positions.md) over the real server: a provider's user
 * registers a device and is shown how to set up Traccar Client (identifier, URL, QR code), sees it
 * in the list and revokes it; a competitor's screen shows none of it.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { trackerDevices } from '../../server/db/schema';
import DevicesPage from '../../src/custom/devices/DevicesPage';
import { DEVICE_TEXTS } from '../../src/domain/positions';
import { DEVICE_NAME_REQUIRED } from '../../src/domain/schemas/trackerDevice';
import type { TestApp } from '../server/helpers';
import { resetSession } from './authTestUtils';
import { serveScreens } from './screenServer';
import { renderPageOverServer } from './contractHarness';

let t: TestApp;
serveScreens((ready) => (t = ready));

const renderDevices = (email: string) => renderPageOverServer(t.app, email, '/home/devices', <DevicesPage />);

describe('Dispositivos', () => {
  it('registers a device, shows its set-up, lists it and revokes it', async () => {
    const user = await renderDevices('prestador@demo.com.br');
    expect(await screen.findByText(DEVICE_TEXTS.empty, {}, { timeout: 20_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: DEVICE_TEXTS.add }));
    const form = await screen.findByRole('dialog', { name: DEVICE_TEXTS.add });
    await user.click(within(form).getByRole('button', { name: DEVICE_TEXTS.save }));
    expect(await within(form).findByText(DEVICE_NAME_REQUIRED)).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: new RegExp(DEVICE_TEXTS.name) }), 'Celular da viatura 9');
    await user.type(within(form).getByRole('textbox', { name: DEVICE_TEXTS.agent }), 'Marcos');
    await user.click(within(form).getByRole('button', { name: DEVICE_TEXTS.save }));

    const setup = await screen.findByRole('dialog', { name: `${DEVICE_TEXTS.setup} | Celular da viatura 9` });
    const [stored] = await t.database.db.select({ identifier: trackerDevices.identifier }).from(trackerDevices);
    expect(within(setup).getByText(stored?.identifier ?? '—')).toBeInTheDocument();
    expect(within(setup).getByText(`${t.config.publicUrl}/api/positions/osmand`)).toBeInTheDocument();
    expect(within(setup).getByRole('img', { name: DEVICE_TEXTS.qrAlt('Celular da viatura 9') })).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/));
    await user.click(within(setup).getByRole('button', { name: DEVICE_TEXTS.close }));

    const card = await screen.findByRole('listitem', { name: 'Celular da viatura 9' });
    expect(within(card).getByText(`${DEVICE_TEXTS.agent}: Marcos`)).toBeInTheDocument();
    expect(within(card).getByText(DEVICE_TEXTS.active)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: `${DEVICE_TEXTS.revoke} Celular da viatura 9` }));
    const confirm = await screen.findByRole('dialog', { name: `${DEVICE_TEXTS.revoke} | Celular da viatura 9` });
    expect(within(confirm).getByText(DEVICE_TEXTS.revokeConfirm('Celular da viatura 9'))).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Sim, tenho certeza' }));
    await waitFor(() => expect(within(screen.getByRole('listitem', { name: 'Celular da viatura 9' })).getByText(DEVICE_TEXTS.revoked)).toBeInTheDocument());
    expect(within(screen.getByRole('listitem', { name: 'Celular da viatura 9' })).queryByRole('button', { name: DEVICE_TEXTS.setup })).toBeNull();
  }, 60_000);

  it("a competitor's screen shows none of another provider's devices", async () => {
    const first = await renderDevices('prestador@demo.com.br');
    await screen.findByText(DEVICE_TEXTS.empty, {}, { timeout: 20_000 });
    await first.click(screen.getByRole('button', { name: DEVICE_TEXTS.add }));
    const form = await screen.findByRole('dialog', { name: DEVICE_TEXTS.add });
    await first.type(within(form).getByRole('textbox', { name: new RegExp(DEVICE_TEXTS.name) }), 'Celular Demo');
    await first.click(within(form).getByRole('button', { name: DEVICE_TEXTS.save }));
    await screen.findByRole('dialog', { name: `${DEVICE_TEXTS.setup} | Celular Demo` });
    cleanup();
    resetSession();
    await renderDevices('prestador2@demo.com.br');
    expect(await screen.findByText(DEVICE_TEXTS.empty, {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.queryByText('Celular Demo')).toBeNull();
  }, 60_000);
});
