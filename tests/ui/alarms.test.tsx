/**
 * SOS and check-in on the screens (docs/rules/alarms.md): the press-and-hold button raises only
 * after the whole hold (finger, mouse or keyboard), and the risk manager's alarm bar shows an open
 * SOS from the real server as a red alert and answers it with 'Ciente'.
 */
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, TestMemoryRouter } from 'react-admin';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AlarmBar } from '../../src/custom/alarms/AlarmBar';
import { HoldButton } from '../../src/custom/alarms/HoldButton';
import { createDataProvider } from '../../src/dataProvider';
import type { Alarm } from '../../src/domain/alarms/contracts';
import type { MissionDetail, Proposal } from '../../src/domain/missions';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { resourceEndpoints } from '../../src/resources';
import { session } from '../../src/authProvider/session';
import { createTestApp, login, type TestApp } from '../server/helpers';
import { BASE, missionBody, proposalBody } from '../server/missionsClient';
import { resetSession } from './authTestUtils';
import { signIn } from './contractHarness';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Moves the fake clock, the button's timer firing inside act (its state updates). */
function advance(ms: number) {
  void act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('HoldButton', () => {
  const renderButton = () => {
    const onHeld = vi.fn();
    render(
      <HoldButton holdMs={2000} onHeld={onHeld} label="SOS — segure" hint="Segure por 2 segundos">
        SOS
      </HoldButton>,
    );
    return { onHeld, button: screen.getByRole('button', { name: 'SOS — segure' }) };
  };

  it('raises only after the whole hold, with the bar filling, and never on a tap', () => {
    vi.useFakeTimers();
    const { onHeld, button } = renderButton();
    fireEvent.click(button);
    fireEvent.pointerDown(button);
    advance(1000);
    expect(Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(45);
    fireEvent.pointerUp(button);
    expect(screen.queryByRole('progressbar')).toBeNull();
    advance(3000);
    expect(onHeld).not.toHaveBeenCalled();

    fireEvent.pointerDown(button);
    advance(2100);
    expect(onHeld).toHaveBeenCalledTimes(1);
    advance(3000);
    expect(onHeld).toHaveBeenCalledTimes(1);
  });

  it('works from the keyboard: Space held 2 s raises, let go early does not, repeats are one press', () => {
    vi.useFakeTimers();
    const { onHeld, button } = renderButton();
    button.focus();
    fireEvent.keyDown(button, { key: ' ' });
    advance(500);
    fireEvent.keyUp(button, { key: ' ' });
    advance(3000);
    expect(onHeld).not.toHaveBeenCalled();

    fireEvent.keyDown(button, { key: 'Enter' });
    for (let i = 0; i < 10; i++) {
      advance(200);
      fireEvent.keyDown(button, { key: 'Enter', repeat: true });
    }
    advance(200);
    expect(onHeld).toHaveBeenCalledTimes(1);
  });
});

describe('AlarmBar', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(() => t.close());
  afterEach(() => resetSession());

  async function call<T>(email: string, method: 'POST' | 'PUT', url: string, payload: object): Promise<T> {
    const response = await t.app.inject({ method, url, headers: { 'x-access-token': await login(t.app, email) }, payload });
    if (response.statusCode >= 300) throw new Error(`${url} → ${response.statusCode} ${response.body}`);
    return response.json<T>();
  }

  it("shows an open SOS as a red alert with the mission and where the team was, and 'Ciente' answers it", async () => {
    const mission = await call<MissionDetail>('gestor@demo.com.br', 'POST', `${BASE}/request`, missionBody({ processNumber: 'SOS-UI-1' }));
    const proposal = await call<Proposal>('prestador@demo.com.br', 'POST', `${BASE}/proposals`, proposalBody(mission._id));
    await call('gestor@demo.com.br', 'PUT', `${BASE}/request/${mission._id}/status`, { missionRequest: mission._id, status: 'started', serviceProvider: proposal.serviceProvider });
    const alarm = await call<Alarm>('prestador@demo.com.br', 'POST', `${BASE}/${mission._id}/sos`, { latitude: -23.55, longitude: -46.63 });

    const { httpClient, authProvider } = await signIn(t.app, 'operador@demo.com.br');
    session.load(true);
    const dataProvider = createDataProvider({ httpClient, endpoints: resourceEndpoints });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
    render(
      <TestMemoryRouter initialEntries={['/home/missions']}>
        <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider} queryClient={queryClient}>
          <AlarmBar />
        </AdminContext>
      </TestMemoryRouter>,
    );
    const bar = await screen.findByRole('alert', {}, { timeout: 20_000 });
    expect(bar).toHaveTextContent('SOS acionado pela equipe — Missão #SOS-UI-1');
    expect(screen.getByRole('link', { name: 'Ver no mapa: -23.55000, -46.63000' })).toHaveAttribute('href', `/home/missions/${mission._id}/details/started`);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Ciente' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    const state = await t.app.inject({ method: 'GET', url: `${BASE}/${mission._id}/sos`, headers: { 'x-access-token': await login(t.app, 'prestador@demo.com.br') } });
    const answered = state.json<{ alarm: Alarm }>().alarm;
    expect(answered._id).toBe(alarm._id);
    expect(answered.acknowledgedByName).not.toBeNull();
  });
});
