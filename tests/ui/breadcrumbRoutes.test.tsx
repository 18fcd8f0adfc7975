/**
 * Every crumb of every route leads to a screen its user may open, or is plain text (spec 2
 * 'Breadcrumb'): the whole app is mounted at each route of the route table as each role that may
 * open it, and each crumb's link is then mounted as the same role, which must show that screen
 * (not 'Acesso não autorizado', nor a redirect elsewhere; /home goes to the user's home).
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { userFromClaims } from '../../src/authProvider/session';
import { homePathFor } from '../../src/domain/navigation';
import type { Role } from '../../src/domain/roles';
import { DEFAULT_THEME } from '../../src/domain/theme';
import { AppRoutes } from '../../src/publicApp/AppRoutes';
import { adminDeclarations, childDeclarations } from '../../src/resources';
import { childrenOf } from '../../src/resources/framework/routes';
import { claimsFor, jsonResponse, mockFetch, resetSession, ROLES, storeSession } from './authTestUtils';
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

/** The route table (spec 2), each route with the roles that open it. */
const ROUTES: [string, RoleName[]][] = [
  ['/home/missions', MISSION_USERS],
  [`${MISSION}/details/started`, MISSION_USERS],
  [`${MISSION}/chat/started`, MISSION_USERS],
  [`${MISSION}/billing/shipper`, MISSION_USERS.filter((r) => !PROVIDERS.includes(r))],
  [`${MISSION}/billing/serviceProvider`, MISSION_USERS],
  ['/home/admin', seeing((u) => adminDeclarations.some((d) => d.tile?.see(u)))],
  ['/home/admin/theme', ['admin', 'gestor']],
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

beforeEach(() => {
  resetSession();
  // Lists answer empty and the theme is the default; a mission's own records are absent, so those
  // screens show their load error.
  mockFetch((call) => {
    if (call.method !== 'GET' || /\/(request\/id|billing\/mission\/id)\//.test(call.url)) return jsonResponse(404, { error: 'Missão não encontrada' });
    if (/\/api\/reports\/billing\b/.test(call.url)) return jsonResponse(200, { pagination: { current: 1, pages: 1, quantity: 0 }, reports: [] });
    return jsonResponse(200, /\/api\/themes\b/.test(call.url) ? DEFAULT_THEME : []);
  });
});

const pathNow = (): string => (screen.getByTestId('location').textContent ?? '').split('|')[0] ?? '';

/** Mounts the app at `path` as `role`; resolves with where it settled (null: the unauthorized page). */
async function open(role: Role, path: string): Promise<string | null> {
  cleanup();
  storeSession(role);
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
    const role = ROLES[roleName];
    expect(await open(role, path), 'the route itself').toBe(path);
    const links = crumbLinks();
    expect(links[0]).toBe('/home');
    for (const href of links) {
      const key = `${roleName} ${href}`;
      if (!served.has(key)) served.set(key, await open(role, href));
      expect(served.get(key), `crumb ${href}`).toBe(href === '/home' ? homePathFor(role) : href);
    }
  }, 60_000);
});
