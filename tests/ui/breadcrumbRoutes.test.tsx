/**
 * Every crumb of every route leads to a screen its user may open, or is plain text (docs/rules/screens.md
 * 'Breadcrumb'): the whole app is mounted at each route of the route table as each role that may
 * open it, and each crumb's link is then mounted as the same role, which must show that screen
 * (not 'Acesso não autorizado', nor a redirect elsewhere; /home goes to the user's home). The
 * app's fetch is answered by the real server with the demo seed (contractHarness.tsx), each role
 * signed in as its demo account.
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authProvider } from '../../src/authProvider/authProvider';
import { session, TOKEN_KEY, USER_KEY, userFromClaims } from '../../src/authProvider/session';
import { homePathFor } from '../../src/domain/navigation';
import { AppRoutes } from '../../src/publicApp/AppRoutes';
import { adminDeclarations, childDeclarations } from '../../src/resources';
import { childrenOf } from '../../src/resources/framework/routes';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../server/helpers';
import { claimsFor, resetSession, ROLES } from './authTestUtils';
import { injectFetch } from './contractHarness';
import { LocationProbe } from './publicHarness';

const MISSION = '/home/missions/64b7f0c2a1b2c3d4e5f60099';
const RECORD = '64b7f0c2a1b2c3d4e5f600aa';
const SLOW = { timeout: 15000 };

type RoleName = keyof typeof ROLES;
const ROLE_NAMES = Object.keys(ROLES) as RoleName[];
const MISSION_USERS: RoleName[] = ['admin', 'gestor', 'operador', 'prestador', 'prestador2'];
const PROVIDERS: RoleName[] = ['prestador', 'prestador2'];

/** Who opens an admin screen: whoever sees the tile that opens it (child lists: their parent's). */
const seeing = (see: (user: ReturnType<typeof userFromClaims>) => boolean): RoleName[] =>
  ROLE_NAMES.filter((name) => see(userFromClaims(claimsFor(ROLES[name]))));

/** The route table (docs/rules/screens.md), each route with the roles that open it. */
const ROUTES: [string, RoleName[]][] = [
  ['/home/missions', MISSION_USERS],
  [`${MISSION}/details/started`, MISSION_USERS],
  [`${MISSION}/chat/started`, MISSION_USERS],
  [`${MISSION}/billing/shipper`, MISSION_USERS.filter((r) => !PROVIDERS.includes(r))],
  [`${MISSION}/billing/serviceProvider`, MISSION_USERS],
  ['/home/admin', seeing((u) => adminDeclarations.some((d) => d.tile?.see(u)))],
  ['/home/admin/theme', ['admin', 'gestor']],
  ['/home/admin/privacy', ['admin', 'gestor']],
  ...adminDeclarations.flatMap((declaration): [string, RoleName[]][] => {
    const tile = declaration.tile;
    if (!tile) return [];
    const list = `/home/admin/${tile.group === 'advanced' ? 'advanced/' : ''}${declaration.name}`;
    const roles = seeing(tile.see);
    return [[list, roles], ...childrenOf(declaration, childDeclarations).map((child): [string, RoleName[]] => [`${list}/${RECORD}/${child.name}`, roles])];
  }),
  ['/home/reports', ['admin', 'gestor']],
  ['/home/users', ['admin', 'gestor', 'ti']],
];

// One server for the file, never reset: the tests only open screens. MISSION and RECORD are ids of no
// seeded record, so a mission's own screens show their load error (the server's 404).
let t: TestApp;
// Each screen's code is transformed on its first import; on a loaded machine that alone outlasted the
// first visit's wait (the lazy page's spinner still up), so every screen is imported once here.
const screens = import.meta.glob(['../../src/custom/**/*Page.tsx', '../../src/custom/missions/MissionsScreen.tsx']);
beforeAll(async () => {
  t = await createTestApp();
  await Promise.all(Object.values(screens).map((load) => load()));
}, 120_000);
afterAll(() => t.close());
// The app's own clients use the global fetch; the shared setup unstubs globals after each test.
beforeEach(() => {
  resetSession();
  vi.stubGlobal('fetch', injectFetch(t.app));
});

/** Each role's demo account (ROLES' names are its e-mail's), signed in once, its session then put back in storage. */
const sessions = new Map<RoleName, [string, string]>();
async function signInAs(name: RoleName) {
  const kept = sessions.get(name);
  if (kept) {
    window.localStorage.setItem(TOKEN_KEY, kept[0]);
    window.localStorage.setItem(USER_KEY, kept[1]);
    session.load(true);
    return;
  }
  await authProvider.login({ username: `${name}@demo.com.br`, password: DEMO_PASSWORD });
  sessions.set(name, [window.localStorage.getItem(TOKEN_KEY) ?? '', window.localStorage.getItem(USER_KEY) ?? '']);
}

const pathNow = (): string => (screen.getByTestId('location').textContent ?? '').split('|')[0] ?? '';

/** Mounts the app at `path` as `role`; resolves with where it settled (null: the unauthorized page). */
async function open(role: RoleName, path: string): Promise<string | null> {
  cleanup();
  await signInAs(role);
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
      <LocationProbe />
    </MemoryRouter>,
  );
  // Settled: the unauthorized page, or a page showing its title or its load error (not a spinner,
  // and not /home, which only redirects). A guard that answers after loading redirects in an effect:
  // the place must also hold still.
  let last = '';
  await waitFor(() => {
    const here = pathNow();
    const previous = last;
    last = here;
    if (screen.queryByText('Acesso não autorizado')) return;
    expect(screen.queryByText('Erro inesperado')).not.toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(main.queryAllByRole('heading').length + main.queryAllByRole('alert').length).toBeGreaterThan(0);
    expect(here).toBe(previous);
  }, SLOW);
  return screen.queryByText('Acesso não autorizado') ? null : pathNow();
}

const crumbLinks = () =>
  within(screen.getByRole('navigation', { name: 'Trilha de navegação' }))
    .queryAllByRole('link')
    .map((a) => a.getAttribute('href') ?? '');

describe('breadcrumb links per route and role', () => {
  const cases = ROUTES.flatMap(([path, roles]) => roles.map((role) => [role, path] as const));
  const served = new Map<string, string | null>();

  it.each(cases)('%s on %s: every linked crumb opens its screen', async (roleName, path) => {
    expect(await open(roleName, path), 'the route itself').toBe(path);
    const links = crumbLinks();
    expect(links[0]).toBe('/home');
    for (const href of links) {
      const key = `${roleName} ${href}`;
      if (!served.has(key)) served.set(key, await open(roleName, href));
      expect(served.get(key), `crumb ${href}`).toBe(href === '/home' ? homePathFor(ROLES[roleName]) : href);
    }
  }, 60_000);
});
