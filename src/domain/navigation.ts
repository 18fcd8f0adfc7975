/**
 * Navigation facts of docs/rules/screens.md ("Side menu" and "Breadcrumb"), kept pure so the layout
 * renders them and tests check them without a browser.
 */
import { canReadRoster, ROSTER_TEXTS } from './agents';
import { CATALOGUES, catalogueCrumbs, type CatalogueRegistry } from './catalogues';
import { canManageApiKeys, INTEGRATION_TEXTS, INTEGRATIONS_PATH } from './integrations/apiKeys';
import { isId } from './ids';
import { MISSION_STATUS_LABELS } from './missions/statuses';
import { canUseMissions } from './permissions';
import { DEVICE_TEXTS } from './positions';
import { PRIVACY_TEXTS } from './privacy/texts';
import { canSeeScorecards, SCORECARD_TEXTS } from './reports/scorecards';
import type { Role } from './roles';

export interface MenuItem {
  /** Absolute path the item links to. */
  to: string;
  label: string;
}

/** The provider scorecards' screen (ours): the ranking, or a provider's own scorecard. */
export const SCORECARDS_PATH = '/home/performance';
/** The provider's tracking devices (docs/rules/positions.md). */
export const DEVICES_PATH = '/home/devices';
/** The provider's roster of security agents (docs/rules/agents.md). */
export const AGENTS_PATH = '/home/agents';
/** The missions screen, the home of everyone but tech users. */
export const MISSIONS_BASE = '/home/missions';

/** The always-present Home link (active only on exactly /home). */
export const HOME_ITEM: MenuItem = { to: '/home', label: 'Home' };

/**
 * Role-dependent items, in menu order:
 * - Missões for every user except the tech profile (ti);
 * - Administração and Relatórios for admin-profile users whose role type is not service_provider;
 * - Usuários for tech-profile users (instead of missions);
 * - Desempenho (ours: the provider scorecards) for admin-profile users with missions, providers
 *   included (they see their own scorecard there);
 * - Dispositivos (ours: the tracking devices, docs/rules/positions.md) for providers' users with missions;
 * - Agentes (ours: the roster of security agents, docs/rules/agents.md) for the same users;
 * - Integrações (the API keys and the webhooks, docs/rules/integrations.md, docs/rules/webhooks.md) for the
 *   Administrador and TI profiles of a risk manager and the platform admin, beside Administração.
 */
export function menuItemsFor(role: Role | null | undefined): MenuItem[] {
  if (!role) return [];
  const items: MenuItem[] = [];
  const isTech = role.perfil === 'ti';
  if (canUseMissions(role)) items.push({ to: MISSIONS_BASE, label: 'Missões' });
  if (role.perfil === 'admin' && role.type !== 'service_provider') {
    items.push({ to: '/home/admin', label: 'Administração' }, { to: '/home/reports', label: 'Relatórios' });
  }
  if (isTech) items.push({ to: '/home/users', label: 'Usuários' });
  if (canSeeScorecards(role)) items.push({ to: SCORECARDS_PATH, label: SCORECARD_TEXTS.menu });
  if (role.type === 'service_provider' && canUseMissions(role)) items.push({ to: DEVICES_PATH, label: DEVICE_TEXTS.menu });
  if (canManageApiKeys(role)) items.push({ to: INTEGRATIONS_PATH, label: INTEGRATION_TEXTS.menu });
  if (canReadRoster(role)) items.push({ to: AGENTS_PATH, label: ROSTER_TEXTS.menu });
  return items;
}

/**
 * Whether a role may open a screen of the menu: exactly when its menu offers it. The menu and the
 * screens' guards share this one rule, so a page hidden from the menu is also closed by URL.
 */
export const menuAllows = (role: Role | null | undefined, to: string): boolean =>
  menuItemsFor(role).some((item) => item.to === to);

/** Where /home sends a user: tech users to Usuários, everyone else to Missões. */
export const homePathFor = (role: Role | null | undefined): string =>
  role?.perfil === 'ti' ? '/home/users' : MISSIONS_BASE;

/**
 * Breadcrumb labels of docs/rules/screens.md (the catalogues' from the registry, catalogues.ts),
 * plus every other segment the app's paths carry (their
 * capitalised segments would be English in a pt-BR UI): `reports`, `theme`, `audit`, `chat`, the billing
 * parties `shipper` and `serviceProvider` (named as docs/rules/screens.md names them, Cliente and
 * Prestadora) and
 * the mission statuses the details and chat paths end with (their docs/rules/missions.md labels; the
 * product's own
 * Iniciado, Finalizado and Faturado win).
 */
export const breadcrumbLabels = (registry: CatalogueRegistry): Readonly<Record<string, string>> => ({
  open: MISSION_STATUS_LABELS.open,
  canceled: MISSION_STATUS_LABELS.canceled,
  rejected: MISSION_STATUS_LABELS.rejected,
  billed_shipper: MISSION_STATUS_LABELS.billed_shipper,
  billed_provider: MISSION_STATUS_LABELS.billed_provider,
  missions: 'Missões',
  admin: 'Administração',
  view: 'Consultar',
  // A record's dialog URLs (react-admin's show and create below its list): named as the dialogs' titles.
  show: 'Consultar',
  create: 'Criar',
  advanced: 'Avançada',
  ...catalogueCrumbs(registry),
  details: 'Detalhes',
  billing: 'Faturamento',
  shipper: 'Cliente',
  serviceProvider: 'Prestadora',
  billed: 'Faturado',
  started: 'Iniciado',
  finished: 'Finalizado',
  users: 'Usuários',
  reports: 'Relatórios',
  performance: SCORECARD_TEXTS.menu,
  theme: 'Tema',
  audit: 'Auditoria',
  privacy: PRIVACY_TEXTS.title,
  chat: 'Chat',
  security: 'Segurança da conta',
  devices: DEVICE_TEXTS.menu,
  integracoes: INTEGRATION_TEXTS.menu,
  agents: ROSTER_TEXTS.menu,
});

/** Segments that only group screens (no screen of their own): no crumb; their child's names both (/home/account/security). */
const GROUPING_SEGMENTS: ReadonlySet<string> = new Set(['account']);

export const BREADCRUMB_LABELS = breadcrumbLabels(CATALOGUES);

export interface Crumb {
  label: string;
  /** Path up to and including this segment (ids skipped in the label list, kept in the path). */
  to: string;
  /** Whether the crumb links to `to`: an earlier crumb whose path is a screen (isScreenPath). */
  link: boolean;
  /** The last crumb, the page itself: plain text. */
  last: boolean;
}

const ID = '[0-9a-f]{24}';
const SEGMENT = '[^/]+';
const screen = (...segments: string[]) => new RegExp(`^/home${segments.map((s) => `/${s}`).join('')}$`);

/**
 * The paths of the protected area that show a screen (docs/rules/screens.md, route table). The paths
 * between them
 * show none: /home/missions/{id}/details, /chat and /billing without their last segment are unknown
 * paths (the unauthorized page), and /home/admin/advanced only sends the user back to /home/admin.
 * A crumb links to a screen only: whoever opened a page may open the screens above it (the same menu
 * item or admin tile opens both; tests/ui/breadcrumbRoutes.test.tsx walks every route per role).
 */
const SCREEN_PATHS: readonly RegExp[] = [
  screen(), // Home: the user's home (tech users' Usuários, everyone else's Missões)
  screen('(missions|reports|users|admin|performance|devices|agents|integracoes)'),
  screen('performance', ID), // one provider's scorecard
  screen('missions', ID, '(details|chat|billing)', SEGMENT),
  screen('admin', `(?!advanced$)${SEGMENT}`), // the simple lists and the theme editor
  screen('admin', 'advanced', SEGMENT),
  screen('admin', 'advanced', SEGMENT, ID, SEGMENT), // a record's child list
];

export const isScreenPath = (path: string): boolean => SCREEN_PATHS.some((pattern) => pattern.test(path));

const capitalise = (s: string): string => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);

const safeDecode = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/**
 * Crumbs for a pathname: one per segment, skipping 24-hex ids; unknown segments capitalised. Earlier
 * crumbs link to their path when it is a screen (docs/rules/screens.md 'Breadcrumb' links them all, but
 * a link to
 * a path that shows no screen would lead to 'Acesso não autorizado'); the others are plain text.
 */
export function crumbsFor(pathname: string, labels: Readonly<Record<string, string>> = BREADCRUMB_LABELS): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const crumbs: Omit<Crumb, 'link' | 'last'>[] = [];
  let path = '';
  for (const raw of segments) {
    path += `/${raw}`;
    const segment = safeDecode(raw);
    if (isId(segment) || GROUPING_SEGMENTS.has(segment)) continue;
    crumbs.push({ label: labels[segment] ?? capitalise(segment), to: path });
  }
  return crumbs.map((c, i) => {
    const last = i === crumbs.length - 1;
    return { ...c, link: !last && isScreenPath(c.to), last };
  });
}
