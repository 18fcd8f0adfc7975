import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { createSessionStore } from '../../src/authProvider/session';
import { DEFAULT_THEME, type Theme } from '../../src/domain/theme';
import { ThemeGate } from '../../src/publicApp/ThemeGate';
import { THEME_ERROR_TITLE, wantedRiskManager } from '../../src/theme/wantedRiskManager';
import { createThemeStore, THEME_KEY, type FetchTheme } from '../../src/theme/themeStore';

/** The theme state machine (docs/rules/themes.md: idle, loading, ready; error only when the first load fails; stale answers ignored). */

const RM_A = '5f0000000000000000000001';
const RM_B = '5f0000000000000000000002';
const themeOf = (riskManager: string | null, primary: string): Theme => ({
  ...DEFAULT_THEME,
  riskManager,
  colors: { ...DEFAULT_THEME.colors, primary },
});

/** A fetch whose answers the test releases one by one, in any order. */
function deferredFetch() {
  const pending: { riskManager: string | null; resolve: (t: Theme) => void; reject: (e: Error) => void }[] = [];
  const fetchTheme: FetchTheme = (riskManager) =>
    new Promise<Theme>((resolve, reject) => {
      pending.push({ riskManager, resolve, reject });
    });
  return { fetchTheme, pending };
}

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, v),
  };
}

describe('theme store', () => {
  it('goes idle → loading → ready and keeps the loaded theme under the fixed key', async () => {
    const { fetchTheme, pending } = deferredFetch();
    const storage = memoryStorage();
    const store = createThemeStore(fetchTheme, storage);
    const seen: string[] = [store.getState().status];
    store.subscribe(() => seen.push(store.getState().status));
    const done = store.load(RM_A);
    expect(store.getState().status).toBe('loading');
    pending[0]?.resolve(themeOf(RM_A, '#00796b'));
    await done;
    expect(seen).toEqual(['idle', 'loading', 'ready']);
    expect(store.getState().theme.colors.primary).toBe('#00796b');
    expect(JSON.parse(storage.getItem(THEME_KEY) ?? '{}')).toMatchObject({ riskManager: RM_A });
    expect(createThemeStore(fetchTheme, storage).storedRiskManager()).toBe(RM_A);
  });

  it('a failing first load is an error; a failure after that keeps the theme shown and status ready', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { fetchTheme, pending } = deferredFetch();
    const first = createThemeStore(fetchTheme, memoryStorage());
    const failed = first.load(RM_A);
    pending[0]?.reject(new Error('rede'));
    await failed;
    expect(first.getState().status).toBe('error');

    const later = createThemeStore(fetchTheme, memoryStorage());
    const ok = later.load(RM_A);
    pending[1]?.resolve(themeOf(RM_A, '#00796b'));
    await ok;
    const broken = later.load(RM_B);
    expect(later.getState().status).toBe('ready');
    pending[2]?.reject(new Error('rede'));
    await broken;
    expect(later.getState().status).toBe('ready');
    expect(later.getState().theme.colors.primary).toBe('#00796b');
    expect(error).toHaveBeenCalledWith('Erro ao carregar o tema:', expect.any(Error));
    error.mockRestore();
  });

  it('ignores an answer that arrives after a newer request', async () => {
    const { fetchTheme, pending } = deferredFetch();
    const store = createThemeStore(fetchTheme, memoryStorage());
    const slow = store.load(RM_A);
    const fast = store.load(RM_B);
    pending[1]?.resolve(themeOf(RM_B, '#5e35b1'));
    await fast;
    pending[0]?.resolve(themeOf(RM_A, '#00796b'));
    await slow;
    expect(store.getState().theme.riskManager).toBe(RM_B);
    expect(store.getState().theme.colors.primary).toBe('#5e35b1');

    // A stale failure does not turn a good state into an error either.
    const late = store.load(RM_A);
    const newest = store.load(RM_B);
    pending[3]?.resolve(themeOf(RM_B, '#5e35b1'));
    await newest;
    pending[2]?.reject(new Error('antiga'));
    await late;
    expect(store.getState().status).toBe('ready');
  });
});

describe('theme selection', () => {
  const store = createThemeStore(() => Promise.resolve(DEFAULT_THEME), memoryStorage());
  it('the logged-in user’s risk manager wins; ?gr= or ?riskManager= only on / and /login; else the stored theme at first', () => {
    expect(wantedRiskManager('/login', `?gr=${RM_A}`, RM_B, store)).toBe(RM_B);
    expect(wantedRiskManager('/login', `?gr=${RM_A}`, null, store)).toBe(RM_A);
    expect(wantedRiskManager('/', `?riskManager=${RM_A}`, null, store)).toBe(RM_A);
    expect(wantedRiskManager('/forget-password', `?gr=${RM_A}`, null, store)).toBeNull();
  });

  it('the gate shows the error screen when the first load fails, the page once a theme is ready, and reloads for the user’s risk manager', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing = createThemeStore(() => Promise.reject(new Error('rede')), memoryStorage());
    const { unmount } = render(
      <MemoryRouter initialEntries={[`/login?gr=${RM_A}`]}>
        <ThemeGate store={failing}>
          <p>Página</p>
        </ThemeGate>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: THEME_ERROR_TITLE })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Recarregar' })).toBeInTheDocument();
    unmount();
    error.mockRestore();

    const asked: (string | null)[] = [];
    const working = createThemeStore((rm) => {
      asked.push(rm);
      return Promise.resolve(themeOf(rm, '#00796b'));
    }, memoryStorage());
    const session = createSessionStore(() => memoryStorage());
    render(
      <MemoryRouter initialEntries={[`/login?gr=${RM_A}`]}>
        <ThemeGate store={working} session={session}>
          <button type="button">Entrar</button>
        </ThemeGate>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(asked).toEqual([RM_A]);
    await act(async () => {
      session.save('token', { id: 'u', riskManager: RM_B, serviceProvider: null, name: 'N', email: 'n@x.com', role: { type: 'risk_manager', perfil: 'admin' } });
      await Promise.resolve();
    });
    expect(asked).toEqual([RM_A, RM_B]);
    expect(working.getState().theme.riskManager).toBe(RM_B);
  });
});
