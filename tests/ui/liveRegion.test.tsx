/**
 * The app's polite live region (WCAG 4.1.3): toasts other than errors, the received-mission notice,
 * a mission's new chat message on the missions screen and (missionDetailsScreens.test.tsx) others'
 * new messages in the chat are said there, and focus stays where the user is.
 */
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MISSIONS_POLL_MS } from '../../src/domain/missions';
import { LiveRegion } from '../../src/layout/LiveRegion';
import { dismiss, notify } from '../../src/layout/notify';
import { Toaster } from '../../src/layout/Toaster';
import { CREATED_AT, PROVIDER_ID, renderMissions, rowOf, seedChat, seedMission, serveMissions } from './missionsHarness';

afterEach(() => act(() => dismiss()));

const region = () => screen.getByTestId('live-region');

/** A text field the user is typing in: what an announcement must not take focus from. */
function renderWithFocus() {
  render(
    <>
      <input aria-label="Observação" />
      <Toaster />
      <LiveRegion />
    </>,
  );
  const field = screen.getByRole('textbox', { name: 'Observação' });
  field.focus();
  return field;
}

describe('live region', () => {
  it('is one polite status region; a success, an info and a loading toast are said there, focus stays put', () => {
    const field = renderWithFocus();
    expect(region()).toHaveAttribute('role', 'status');
    expect(region()).toHaveAttribute('aria-live', 'polite');
    expect(region()).toBeEmptyDOMElement();

    act(() => void notify.success('Veículo adicionado com sucesso'));
    expect(region()).toHaveTextContent('Veículo adicionado com sucesso');
    act(() => void notify.loading('Enviando...'));
    expect(region()).toHaveTextContent(/^Enviando\.\.\.$/);
    act(() => void notify.info('Missão recebida: Missão #DEMO-0007'));
    expect(region()).toHaveTextContent(/^Missão recebida: Missão #DEMO-0007$/);
    expect(document.activeElement).toBe(field);
    // The toasts are seen, not a second live region saying the same words again.
    expect(screen.getAllByRole('status')).toEqual([region()]);
  });

  it('the same words twice are a new announcement (a new node in the region)', () => {
    renderWithFocus();
    act(() => void notify.success('Salvo'));
    const first = region().firstElementChild;
    act(() => void notify.success('Salvo'));
    expect(region()).toHaveTextContent(/^Salvo$/);
    expect(region().firstElementChild).not.toBe(first);
  });

  it('an error stays an alert of its own (said at once), not in the polite region', () => {
    const field = renderWithFocus();
    act(() => void notify.success('Salvo'));
    act(() => void notify.error('Falha ao salvar'));
    expect(screen.getByRole('alert')).toHaveTextContent('Falha ao salvar');
    expect(region()).toHaveTextContent(/^Salvo$/);
    expect(document.activeElement).toBe(field);
  });
});

describe('missions screen announcements', () => {
  // The server only for these: the region's own tests above need none.
  const server = serveMissions();
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("'Missão recebida' is said politely, focus stays on the control the provider was on", async () => {
    await seedMission(server, { processNumber: 'A', createdAt: CREATED_AT });
    await renderMissions(server, 'prestador', { children: <LiveRegion /> });
    const more = within(await rowOf('A')).getByRole('button', { name: 'Mais informações da missão A' });
    more.focus();

    await seedMission(server, { processNumber: 'B', createdAt: new Date(CREATED_AT.getTime() + 60_000) });
    await act(() => vi.advanceTimersByTimeAsync(MISSIONS_POLL_MS));
    expect(await within(region()).findByText('Missão recebida: Missão #B')).toBeInTheDocument();
    expect(document.activeElement).toBe(more);
  });

  it("a chat's new message is said with its mission ('Nova mensagem na missão A'); a count that did not grow says nothing", async () => {
    const id = await seedMission(server, { processNumber: 'A', status: 'started', serviceProvider: PROVIDER_ID });
    await seedChat(server, id, 1);
    await renderMissions(server, 'gestor', { children: <LiveRegion /> });
    await rowOf('A');
    await act(() => vi.advanceTimersByTimeAsync(MISSIONS_POLL_MS));
    expect(region()).not.toHaveTextContent('missão A');

    const chat = within(await rowOf('A')).getByRole('button', { name: 'Chat da missão A' });
    chat.focus();
    // The holder writes again: two unread.
    await seedChat(server, id, 1);
    await act(() => vi.advanceTimersByTimeAsync(MISSIONS_POLL_MS));
    expect(await within(region()).findByText('Nova mensagem na missão A')).toBeInTheDocument();
    expect(document.activeElement).toBe(chat);
  });
});
