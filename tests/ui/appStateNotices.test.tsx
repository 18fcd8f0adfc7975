/**
 * The app's own states above every signed-in screen (docs/rules/field-app.md): 'Sem conexão —
 * dados de {hora}' while the screen shows answers the service worker kept, gone with the first
 * answer from the network; 'Nova versão disponível' with 'Atualizar', which hands over to the
 * waiting version and reloads once it controls the page; and the kept answers of anyone but the
 * signed-in user deleted.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppStateNotices, offlineText } from '../../src/layout/AppStateNotices';
import { createHttpClient } from '../../src/dataProvider/httpClient';
import { serverNow } from '../../src/dataProvider/serverClock';
import { applyUpdate, keepOnlyAnswersOf, watchUpdates } from '../../src/serviceWorker/register';

const answer = (headers: Record<string, string>) => new Response('{"ok":true}', { status: 200, headers: { 'Content-Type': 'application/json', ...headers } });

describe('offline copy', () => {
  afterEach(async () => {
    // Back online for the next test.
    await createHttpClient({ fetch: () => Promise.resolve(answer({})) })('missions', 'x');
  });

  it("says 'Sem conexão — dados de {hora}' while kept answers are shown, and goes with a fresh one", async () => {
    const kept = '2026-11-28T08:05:00.000Z';
    const responses = [answer({ 'x-offline-copy': kept, Date: 'Sat, 28 Nov 2026 08:05:00 GMT' }), answer({})];
    const httpClient = createHttpClient({ fetch: () => Promise.resolve(responses.shift() ?? answer({})) });
    render(<AppStateNotices />);
    expect(screen.queryByText(/Sem conexão/)).toBeNull();

    const before = serverNow().getTime();
    await act(() => httpClient('missions', 'request/monitoring'));
    expect(screen.getByRole('status')).toHaveTextContent(offlineText(new Date(kept)));
    // The copy's Date header is of when it was kept: the server's clock estimate is left alone.
    expect(Math.abs(serverNow().getTime() - before)).toBeLessThan(60_000);

    await act(() => httpClient('missions', 'request/monitoring'));
    expect(screen.queryByText(/Sem conexão/)).toBeNull();
  });

  it('names the hour on the same day, the date and hour on another', () => {
    const since = new Date(2026, 10, 28, 8, 5);
    expect(offlineText(since, new Date(2026, 10, 28, 21, 0))).toBe('Sem conexão — dados de 08:05');
    expect(offlineText(since, new Date(2026, 10, 29, 1, 0))).toBe('Sem conexão — dados de 28/11/2026 08:05');
  });
});

describe('new version', () => {
  /** A registration whose update is found, installs and then waits. */
  function fakeRegistration() {
    const listeners = new Map<string, () => void>();
    const worker = { state: 'installing', postMessage: vi.fn(), addEventListener: (type: string, l: () => void) => listeners.set(`worker:${type}`, l) };
    const registration = {
      waiting: null,
      installing: worker,
      addEventListener: (type: string, l: () => void) => listeners.set(type, l),
    } as unknown as ServiceWorkerRegistration;
    return { registration, worker, fire: (type: string) => listeners.get(type)?.() };
  }

  it("offers 'Atualizar' once a new version is installed while the page runs on the old one; Atualizar hands over and reloads", () => {
    const { registration, worker, fire } = fakeRegistration();
    watchUpdates(registration, { controller: {} as ServiceWorker });
    render(<AppStateNotices />);
    act(() => fire('updatefound'));
    expect(screen.queryByText('Nova versão disponível')).toBeNull();
    worker.state = 'installed';
    act(() => fire('worker:statechange'));
    expect(screen.getByText('Nova versão disponível')).toBeInTheDocument();

    const container = new EventTarget();
    const reload = vi.fn();
    // The button's own click goes through applyUpdate with the page's container; here the fakes stand in.
    act(() => applyUpdate(container, reload));
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Nova versão disponível')).toBeNull();
  });

  it('the first install is no new version (no page ran on an old one)', () => {
    const { registration, worker, fire } = fakeRegistration();
    watchUpdates(registration, { controller: null });
    render(<AppStateNotices />);
    fire('updatefound');
    worker.state = 'installed';
    fire('worker:statechange');
    expect(screen.queryByText('Nova versão disponível')).toBeNull();
  });

  it('the Atualizar button is at least 44 px tall on a phone and posts to the waiting worker', async () => {
    const { registration, worker, fire } = fakeRegistration();
    watchUpdates(registration, { controller: {} as ServiceWorker });
    render(<AppStateNotices />);
    act(() => fire('updatefound'));
    worker.state = 'installed';
    act(() => fire('worker:statechange'));
    const button = screen.getByRole('button', { name: 'Atualizar' });
    expect(getComputedStyle(button).minHeight).toBe('44px');
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: new EventTarget() });
    await userEvent.click(button);
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
  });
});

describe('kept answers on a shared phone', () => {
  function storage(names: string[]) {
    const kept = new Set(names);
    return {
      kept,
      api: { keys: () => Promise.resolve([...kept]), delete: (name: string) => Promise.resolve(kept.delete(name)) } as unknown as CacheStorage,
    };
  }

  it("deletes every other user's kept answers, and all of them at sign-out; the app's shell stays", async () => {
    const phone = storage(['shell-v1', 'api-u1', 'api-u2']);
    await keepOnlyAnswersOf('u2', phone.api);
    expect([...phone.kept].sort()).toEqual(['api-u2', 'shell-v1']);
    await keepOnlyAnswersOf(null, phone.api);
    expect([...phone.kept]).toEqual(['shell-v1']);
  });
});
