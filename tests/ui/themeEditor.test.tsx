import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, TestMemoryRouter } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { authProvider } from '../../src/authProvider/authProvider';
import { THEME_SAVED, ThemeEditorPage } from '../../src/custom/theme/ThemeEditorPage';
import { THEME_COLOR_INVALID } from '../../src/domain/schemas/theme';
import { THEME_IMAGE_TYPE_ERROR, type Theme } from '../../src/domain/theme';
import { createDataProvider } from '../../src/dataProvider';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { Toaster } from '../../src/layout/Toaster';
import { resourceEndpoints } from '../../src/resources';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../server/helpers';
import { injectFetch } from './contractHarness';

/** The theme editor (/home/admin/theme) over the real server, with the app's own session and client. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
// The app's own clients use the global fetch; the shared setup unstubs globals after each test.
beforeEach(() => {
  vi.stubGlobal('fetch', injectFetch(t.app));
});
afterAll(async () => t.close());

const themeOnServer = async (riskManager: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/themes?riskManager=${riskManager}` })).json<Theme>();

function renderEditor() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <TestMemoryRouter initialEntries={['/home/admin/theme']}>
      <AdminContext dataProvider={createDataProvider({ httpClient: () => Promise.reject(new Error('não usado')), endpoints: resourceEndpoints })} authProvider={authProvider} i18nProvider={i18nProvider} queryClient={queryClient}>
        <Routes>
          <Route path="/home/admin/theme" element={<ThemeEditorPage />} />
          <Route path="/unauthorized" element={<p>Página não autorizada</p>} />
        </Routes>
      </AdminContext>
      <Toaster />
    </TestMemoryRouter>,
  );
  // applyAccept off: the test picks a file the picker's filter would hide, as a person can with 'All files'.
  return userEvent.setup({ applyAccept: false });
}

describe('theme editor', () => {
  it('a risk-manager admin edits its colours with the shared messages, saves, and a non-image is refused before sending', async () => {
    await authProvider.login({ username: 'gestor@demo.com.br', password: DEMO_PASSWORD });
    const user = renderEditor();
    const primary = await screen.findByLabelText('Cor principal', { selector: 'input:not([type=color])' });
    expect(primary).toHaveValue('#00796b');
    await user.clear(primary);
    await user.paste('verde');
    await user.click(screen.getByRole('button', { name: 'Salvar tema' }));
    expect(await screen.findByText(THEME_COLOR_INVALID)).toBeInTheDocument();
    expect((await themeOnServer(DEMO_IDS.riskManager)).colors.primary).toBe('#00796b');

    await user.clear(primary);
    await user.paste('#112233');
    await user.click(screen.getByRole('button', { name: 'Salvar tema' }));
    expect(await screen.findByText(THEME_SAVED)).toBeInTheDocument();
    expect((await themeOnServer(DEMO_IDS.riskManager)).colors.primary).toBe('#112233');
    expect((await themeOnServer(DEMO_IDS.riskManagerNorte)).colors.primary).toBe('#5e35b1');

    const preview = screen.getByLabelText('Pré-visualização');
    expect(within(preview).getByRole('button', { name: 'Salvar' })).toBeInTheDocument();

    await user.upload(screen.getByTestId('upload-menuLogo'), new File(['<html></html>'], 'logo.png', { type: 'text/html' }));
    expect(await screen.findByText(THEME_IMAGE_TYPE_ERROR)).toBeInTheDocument();
    await waitFor(async () => expect((await themeOnServer(DEMO_IDS.riskManager)).images.menuLogo).toBeNull());
    await authProvider.logout({});
  });

  it('a theme that would not read at WCAG AA is refused under its colour, with the ratio and a shade; the shade saves', async () => {
    await authProvider.login({ username: 'gestor@demo.com.br', password: DEMO_PASSWORD });
    const before = await themeOnServer(DEMO_IDS.riskManager);
    const user = renderEditor();
    const primary = await screen.findByLabelText('Cor principal', { selector: 'input:not([type=color])' });
    const background = screen.getByLabelText('Fundo da página', { selector: 'input:not([type=color])' });
    await user.clear(primary);
    await user.paste('#ff400d');
    await user.clear(background);
    await user.paste('#ffffff');
    await user.click(screen.getByRole('button', { name: 'Salvar tema' }));
    const refusal = await screen.findByText(/^Contraste 3,5:1 entre o texto branco e #ff400d; o mínimo é 4,5:1\. Sugestão: #[0-9a-f]{6}$/);
    // Under the colour's own field (its helper text), and nothing reached the server.
    expect(primary).toHaveAccessibleDescription(refusal.textContent ?? '');
    expect(await themeOnServer(DEMO_IDS.riskManager)).toEqual(before);

    const shade = /#[0-9a-f]{6}$/.exec(refusal.textContent ?? '')?.[0] ?? '';
    await user.clear(primary);
    await user.paste(shade);
    await user.click(screen.getByRole('button', { name: 'Salvar tema' }));
    expect(await screen.findByText(THEME_SAVED)).toBeInTheDocument();
    expect((await themeOnServer(DEMO_IDS.riskManager)).colors).toMatchObject({ primary: shade, background: '#ffffff' });
    await authProvider.logout({});
  });

  it('an operational user is sent to the unauthorized page', async () => {
    await authProvider.login({ username: 'operador@demo.com.br', password: DEMO_PASSWORD });
    renderEditor();
    expect(await screen.findByText('Página não autorizada')).toBeInTheDocument();
    await authProvider.logout({});
  });
});
