/**
 * The shipper's tracking link: a risk manager shares one open or running mission with the shipper's
 * people, who have no login. The page `/acompanhar/{token}` shows, read-only and live, what the
 * shipper may know of that mission and nothing else: never prices, never the agents' personal data,
 * never the providers that bid. Paths are relative to the missions base (/api/missions).
 */
import type { StoredMissionStatus } from '../missions/statuses';

export const TRACKING_PATHS = {
  /** POST (new link; replaces the mission's previous one), GET (its state), DELETE (revoke): risk manager. */
  link: ':id/tracking',
  /** GET ?refresh=1: what the page shows (public: the token is the credential). */
  view: 'tracking/:token',
  /** GET: the text/event-stream of that one mission (public). */
  live: 'tracking/:token/live',
} as const;

/** A public path with its token filled in. */
export const trackingApiPath = (key: 'view' | 'live', token: string) => TRACKING_PATHS[key].replace(':token', encodeURIComponent(token));

/** The page's address: `/acompanhar/{token}`. */
export const TRACKING_PAGE_PREFIX = '/acompanhar/';
export const trackingPagePath = (token: string) => `${TRACKING_PAGE_PREFIX}${token}`;
/** The token segment of a page path (checked by the server), or null when the path is no tracking page. */
export const trackingTokenOf = (pathname: string): string | null =>
  pathname.startsWith(TRACKING_PAGE_PREFIX) ? pathname.slice(TRACKING_PAGE_PREFIX.length).replace(/\/$/, '') : null;

/**
 * The demo data's link (server/demo/seedTracking.ts, DEMO-0003): the API description's example,
 * so the reference and the fuzzer reach a real answer on a demo database.
 */
export const TRACKING_EXAMPLE_TOKEN = 'demo-acompanhamento-DEMO-0003-embarcador-01';

/** 32 random bytes in base64url: unguessable, and only its SHA-256 is stored. */
export const TRACKING_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The link works until the mission ended (finished or canceled) + this long; TRACKING_LINK_TTL_HOURS changes it. */
export const TRACKING_LINK_TTL_HOURS = 24;
/**
 * Requests (page loads, refreshes, live connections) one client address may make to tracking pages
 * per 15-minute window: far above a person following a mission (a refresh per change, a
 * reconnection every 10 minutes), far below a script scraping or guessing.
 */
export const TRACKING_REQUESTS_PER_WINDOW = 300;
/** How often the page refetches without a live event (the arrival is written by the provider's agents, unannounced). */
export const TRACKING_POLL_MS = 60_000;

export const TRACKING_ACTION_LABEL = 'Compartilhar acompanhamento';
export const TRACKING_NOT_SHAREABLE = 'Só é possível compartilhar o acompanhamento de missões solicitadas ou em andamento.';
export const TRACKING_NOT_FOUND = 'Link de acompanhamento não encontrado. Confira o endereço recebido.';
export const TRACKING_REVOKED = 'Este link de acompanhamento foi revogado por quem o compartilhou.';
export const TRACKING_EXPIRED = 'Este link de acompanhamento expirou: a missão terminou há mais tempo do que o link vale.';
export const TRACKING_TOO_MANY = 'Muitos acessos ao acompanhamento a partir deste endereço. Aguarde alguns minutos e tente novamente.';
export const TRACKING_LINK_CREATED = 'Link de acompanhamento criado';
export const TRACKING_LINK_REVOKED = 'Link de acompanhamento revogado';
export const TRACKING_UNREACHABLE = 'Não foi possível atualizar o acompanhamento. Verifique sua conexão; tentaremos de novo em instantes.';

/** The statuses a shipper sees: billing is the risk manager's business, a billed mission reads finished. */
export const TRACKING_STATUSES = ['open', 'started', 'finished', 'canceled'] as const;
export type TrackingStatus = (typeof TRACKING_STATUSES)[number];
export const TRACKING_STATUS_LABELS: Record<TrackingStatus, string> = {
  open: 'Solicitada',
  started: 'Em andamento',
  finished: 'Finalizada',
  canceled: 'Cancelada',
};
export const trackingStatusOf = (status: StoredMissionStatus): TrackingStatus =>
  status === 'open' || status === 'started' || status === 'canceled' ? status : 'finished';

/** What the shipper's timeline shows: status changes, the team's arrival and the end. */
export const TRACKING_STEPS = ['requested', 'started', 'arrived', 'finished', 'canceled', 'reopened'] as const;
export type TrackingStep = (typeof TRACKING_STEPS)[number];
export const TRACKING_STEP_LABELS: Record<TrackingStep, string> = {
  requested: 'Missão solicitada',
  started: 'Equipe de pronta resposta acionada',
  arrived: 'Equipe chegou ao local',
  finished: 'Missão finalizada',
  canceled: 'Missão cancelada',
  reopened: 'Missão reaberta',
};

/** The data of a live `mission` event on a tracking stream: only that the page should refetch. */
export interface TrackingLiveEvent {
  id: string;
  status: TrackingStatus;
  createdAt: string;
}
/** Sent on a tracking stream when its link is revoked; the server then ends the stream. */
export const TRACKING_REVOKED_EVENT = 'revoked';

/** Ends of a mission for the link's clock: finished or canceled at `endedAt`, or still running (null). */
export function trackingExpiresAt(endedAt: Date | null, ttlHours: number): Date | null {
  return endedAt === null ? null : new Date(endedAt.getTime() + ttlHours * 3_600_000);
}
