import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { LandingPage } from '../../src/custom/landing/LandingPage';
import { ContactForm } from '../../src/custom/landing/ContactForm';
import { COMPANY, CONTACT_FAILED, CONTACT_SENT } from '../../src/domain/company';
import { CONTROL_CHARACTERS_NOT_ALLOWED } from '../../src/domain/messages';
import { DEFAULT_THEME_SETTINGS, type Theme } from '../../src/domain/theme';
import { createHttpClient } from '../../src/dataProvider/httpClient';
import { createThemesApi } from '../../src/dataProvider/themesApi';
import { dismiss } from '../../src/layout/notify';
import { redirectBrandedLanding } from '../../src/layout/plainHistory';
import { Root } from '../../src/publicApp/Root';
import { THEME_KEY } from '../../src/theme/themeStore';
import { createTestApp, type TestApp } from '../server/helpers';
import { injectFetch, signIn } from './contractHarness';
import { renderAt } from './publicHarness';

/** The landing page, its contact form and the themes calls, over the real server (contract). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => t.close());
afterEach(() => dismiss());

const client = () => createHttpClient({ fetch: injectFetch(t.app), sleep: () => Promise.resolve() });

describe('landing page', () => {
  it('/?gr= (or ?riskManager=) goes to /login?gr= before anything renders (the brand kept)', () => {
    window.history.replaceState(null, '', `/?gr=${DEMO_IDS.riskManager}`);
    redirectBrandedLanding();
    expect(window.location.pathname + window.location.search).toBe(`/login?gr=${DEMO_IDS.riskManager}`);
    window.history.replaceState(null, '', `/?riskManager=${DEMO_IDS.riskManagerNorte}`);
    redirectBrandedLanding();
    expect(window.location.pathname + window.location.search).toBe(`/login?gr=${DEMO_IDS.riskManagerNorte}`);
    window.history.replaceState(null, '', '/');
    redirectBrandedLanding();
    expect(window.location.pathname).toBe('/');
  });

  it('shows the tabs, the company’s phone, e-mail and map, and links to the portal', async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, '', '/');
    const preloadLogin = vi.fn();
    render(<LandingPage preloadLogin={preloadLogin} />);
    expect(screen.getByText(COMPANY.phone)).toBeInTheDocument();
    expect(screen.getByText(COMPANY.email)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: `Mapa: ${COMPANY.address}` })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Serviços' }));
    expect(screen.getByRole('heading', { name: 'Nossos serviços' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Sobre' }));
    expect(screen.getByRole('heading', { name: 'Quem somos' })).toBeInTheDocument();
    const navigations = vi.fn();
    window.addEventListener('popstate', navigations);
    expect(preloadLogin).not.toHaveBeenCalled();
    await user.click(screen.getByRole('link', { name: 'Portal do Cliente' }));
    window.removeEventListener('popstate', navigations);
    // The pointer on the button started downloading the login's code.
    expect(preloadLogin).toHaveBeenCalled();
    expect(window.location.pathname).toBe('/login');
    expect(navigations).toHaveBeenCalledOnce();
    window.history.replaceState(null, '', '/');
  });

  it('moves between the tabs with the keyboard, one tab in the Tab order, the panel named by its tab', async () => {
    const user = userEvent.setup();
    render(<LandingPage preloadLogin={() => {}} />);
    const tab = (name: string) => screen.getByRole('tab', { name });
    expect(tab('Início')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab').filter((t) => t.tabIndex === 0)).toEqual([tab('Início')]);
    tab('Início').focus();
    await user.keyboard('{ArrowRight}');
    expect(tab('Serviços')).toHaveFocus();
    expect(tab('Serviços')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Serviços' })).toContainElement(screen.getByRole('heading', { name: 'Nossos serviços' }));
    await user.keyboard('{End}');
    expect(tab('Sobre')).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'Quem somos' })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(tab('Início')).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'Pronta resposta para a sua carga, a qualquer hora' })).toBeInTheDocument();
  });
});

describe('the browser’s / (Root: no MUI shell)', () => {
  it('paints in the stored brand’s colours and shows its own toast after sending', async () => {
    vi.stubGlobal('fetch', injectFetch(t.app));
    localStorage.setItem(THEME_KEY, JSON.stringify({ ...DEFAULT_THEME_SETTINGS, riskManager: DEMO_IDS.riskManagerNorte }));
    window.history.replaceState(null, '', '/');
    try {
      const user = userEvent.setup();
      const { container } = render(<Root />);
      const form = await screen.findByRole('form', { name: 'Fale conosco' }, { timeout: 10_000 });
      const brand = container.querySelector<HTMLElement>('.pr-brand');
      expect(brand?.style.getPropertyValue('--pr-primary')).toBe('#5e35b1');
      expect(brand?.style.getPropertyValue('--pr-on-primary')).toBe('#ffffff');

      await user.click(within(form).getByRole('button', { name: 'Enviar mensagem' }));
      // The first wrong field takes the focus and names its message.
      const name = within(form).getByLabelText('Nome');
      await waitFor(() => expect(name).toHaveFocus());
      expect(name).toHaveAttribute('aria-invalid', 'true');
      expect(name).toHaveAccessibleDescription('Preencha o nome');

      await user.type(name, 'Ana Ribeiro');
      await user.type(within(form).getByLabelText('E-mail'), 'ana@transportadora.com.br');
      await user.type(within(form).getByLabelText('Mensagem'), 'Escolta para cargas farmacêuticas.');
      await user.click(within(form).getByRole('button', { name: 'Enviar mensagem' }));
      expect(await screen.findByRole('status')).toHaveTextContent(CONTACT_SENT);
      await user.click(screen.getByRole('button', { name: 'Fechar' }));
      expect(screen.queryByRole('status')).not.toBeInTheDocument();

      // The portal button swaps the landing page for the app shell (router, MUI) on /login.
      await user.click(screen.getByRole('link', { name: 'Portal do Cliente' }));
      expect(await screen.findByRole('button', { name: 'Entrar' }, { timeout: 10_000 })).toBeInTheDocument();
      expect(window.location.pathname).toBe('/login');
    } finally {
      window.history.replaceState(null, '', '/');
      vi.unstubAllGlobals();
      localStorage.removeItem(THEME_KEY);
    }
  });
});

describe('Fale conosco over the real server', () => {
  it('shows the product’s messages, then sends and clears the form with a success toast', async () => {
    const user = userEvent.setup();
    renderAt('/', { '/': <ContactForm client={client()} /> });
    const form = screen.getByRole('form', { name: 'Fale conosco' });
    await user.click(within(form).getByRole('button', { name: 'Enviar mensagem' }));
    expect(await within(form).findByText('Preencha o nome')).toBeInTheDocument();
    expect(within(form).getByText('Preencha o e-mail')).toBeInTheDocument();
    expect(within(form).getByText('Preencha a mensagem')).toBeInTheDocument();

    const before = t.outbox.length;
    await user.type(within(form).getByLabelText('Nome'), 'João Lima');
    await user.type(within(form).getByLabelText('E-mail'), 'joao@cargas.com.br');
    await user.type(within(form).getByLabelText('Mensagem'), 'Preciso de pronta resposta em Campinas.');
    await user.click(within(form).getByRole('button', { name: 'Enviar mensagem' }));
    expect(await screen.findByText(CONTACT_SENT)).toBeInTheDocument();
    expect(t.outbox.slice(before)).toEqual([expect.objectContaining({ text: expect.stringContaining('Preciso de pronta resposta em Campinas.') as string })]);
    await waitFor(() => expect(within(form).getByLabelText('Nome')).toHaveValue(''));
  });

  it('a control character in the name (it goes into the mail subject) shows the shared message under Nome and sends nothing', async () => {
    const user = userEvent.setup();
    renderAt('/', { '/': <ContactForm client={client()} /> });
    const form = screen.getByRole('form', { name: 'Fale conosco' });
    const before = t.outbox.length;
    // A browser strips CR and LF from a one-line field; a pasted tab stays.
    fireEvent.change(within(form).getByLabelText('Nome'), { target: { value: 'João\tBcc: alvo@exemplo.com' } });
    await user.type(within(form).getByLabelText('E-mail'), 'joao@cargas.com.br');
    await user.type(within(form).getByLabelText('Mensagem'), 'Olá');
    await user.click(within(form).getByRole('button', { name: 'Enviar mensagem' }));
    expect(await within(form).findByText(CONTROL_CHARACTERS_NOT_ALLOWED)).toBeInTheDocument();
    expect(t.outbox.length).toBe(before);
  });

  it('a failure shows the failure toast and keeps what was typed', async () => {
    const user = userEvent.setup();
    const down = createHttpClient({ fetch: () => Promise.reject(new TypeError('offline')), sleep: () => Promise.resolve() });
    renderAt('/', { '/': <ContactForm client={down} /> });
    const form = screen.getByRole('form', { name: 'Fale conosco' });
    await user.type(within(form).getByLabelText('Nome'), 'João Lima');
    await user.type(within(form).getByLabelText('E-mail'), 'joao@cargas.com.br');
    await user.type(within(form).getByLabelText('Mensagem'), 'Olá');
    await user.click(within(form).getByRole('button', { name: 'Enviar mensagem' }));
    expect(await screen.findByText(CONTACT_FAILED)).toBeInTheDocument();
    expect(within(form).getByLabelText('Nome')).toHaveValue('João Lima');
  });
});

describe('themes calls over the real server', () => {
  it('reads publicly, saves the caller’s own theme, and a risk-manager admin cannot name another tenant', async () => {
    const anonymous = createThemesApi(client());
    expect((await anonymous.get(DEMO_IDS.riskManagerNorte)).colors.primary).toBe('#5e35b1');
    const { httpClient } = await signIn(t.app, 'gestor@demo.com.br');
    const api = createThemesApi(httpClient);
    const saved: Theme = await api.save({ ...DEFAULT_THEME_SETTINGS, colors: { ...DEFAULT_THEME_SETTINGS.colors, primary: '#1b5e20' } });
    expect(saved.riskManager).toBe(DEMO_IDS.riskManager);
    expect((await anonymous.get(DEMO_IDS.riskManager)).colors.primary).toBe('#1b5e20');
    await expect(api.save(DEFAULT_THEME_SETTINGS, DEMO_IDS.riskManagerNorte)).rejects.toMatchObject({ status: 403 });
    expect((await anonymous.get(DEMO_IDS.riskManagerNorte)).colors.primary).toBe('#5e35b1');
  });
});
