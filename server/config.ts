import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { COMPANY } from '../src/domain/company';
import { LIVE_STREAMS_PER_USER } from '../src/domain/live';
import { TRACKING_LINK_TTL_HOURS } from '../src/domain/tracking';

/** Every setting comes from the environment; the defaults give the embedded (PGlite) mode. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset → embedded PGlite in DATA_DIR/db. */
  databaseUrl: string | null;
  jwtSecret: string;
  /** Token lifetime in seconds. */
  jwtTtl: number;
  smtpUrl: string | null;
  mailFrom: string;
  /** Where the landing page's 'Fale conosco' messages go. */
  contactEmail: string;
  publicUrl: string;
  /** ViaCEP-compatible base: `{base}/{cep}/json/`. */
  cepUpstream: string;
  /** Nominatim-compatible base: `{base}/search`, `{base}/reverse`. */
  geocodeUpstream: string;
  /** Deadline of one upstream call of the address proxy, in ms. */
  addressTimeoutMs: number;
  /** Nominatim's usage policy asks every client to identify itself. */
  geocodeUserAgent: string;
  /** Least time between two geocoding calls of this instance (Nominatim's policy: one a second); 0 for an own geocoder. */
  geocodeIntervalMs: number;
  tileUrl: string;
  bodyLimit: number;
  requestTimeoutMs: number;
  logLevel: string;
  /** TRUST_PROXY: false (default), true, or a comma list of proxy addresses/CIDRs. */
  trustProxy: boolean | string;
  /** Open live streams one login may hold on this server (src/domain/live LIVE_STREAMS_PER_USER). */
  liveStreamsPerUser: number;
  /** Hours a shipper's tracking link keeps working after its mission ended (src/domain/tracking). */
  trackingLinkTtlHours: number;
}

const env = (name: string): string | undefined => {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : value;
};

/** In the embedded mode the secret is generated once and kept in DATA_DIR so tokens survive restarts. */
function embeddedSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === 'false') return false;
  return value === 'true' ? true : value;
}

/** A whole number ≥ `min`, or the default when unset or anything else. */
function integerAtLeast(value: string | undefined, min: number, fallback: number): number {
  const n = Number(value);
  return value !== undefined && Number.isInteger(n) && n >= min ? n : fallback;
}

export function loadConfig(overrides: Partial<Config> = {}): Config {
  const port = Number(env('PORT') ?? 3000);
  const dataDir = resolve(overrides.dataDir ?? env('DATA_DIR') ?? './data');
  const config: Config = {
    port,
    host: env('HOST') ?? '0.0.0.0',
    dataDir,
    databaseUrl: env('DATABASE_URL') ?? null,
    jwtSecret: env('JWT_SECRET') ?? '',
    jwtTtl: Number(env('JWT_TTL_SECONDS') ?? 12 * 3600),
    smtpUrl: env('SMTP_URL') ?? null,
    mailFrom: env('MAIL_FROM') ?? 'Pronta Resposta <nao-responda@localhost>',
    contactEmail: env('CONTACT_EMAIL') ?? COMPANY.email,
    publicUrl: env('PUBLIC_URL') ?? `http://localhost:${port}`,
    cepUpstream: env('CEP_UPSTREAM_URL') ?? 'https://viacep.com.br/ws',
    geocodeUpstream: env('GEOCODE_UPSTREAM_URL') ?? 'https://nominatim.openstreetmap.org',
    addressTimeoutMs: Number(env('ADDRESS_TIMEOUT_MS') ?? 4000),
    geocodeUserAgent: env('GEOCODE_USER_AGENT') ?? `ProntaResposta-Backoffice/0.1 (${env('PUBLIC_URL') ?? `http://localhost:${port}`})`,
    geocodeIntervalMs: integerAtLeast(env('GEOCODE_MIN_INTERVAL_MS'), 0, 1000),
    tileUrl: env('TILE_URL') ?? 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
    bodyLimit: Number(env('BODY_LIMIT_BYTES') ?? 1024 * 1024),
    requestTimeoutMs: Number(env('REQUEST_TIMEOUT_MS') ?? 30000),
    logLevel: env('LOG_LEVEL') ?? 'info',
    trustProxy: parseTrustProxy(env('TRUST_PROXY')),
    liveStreamsPerUser: integerAtLeast(env('LIVE_STREAMS_PER_USER'), 1, LIVE_STREAMS_PER_USER),
    trackingLinkTtlHours: integerAtLeast(env('TRACKING_LINK_TTL_HOURS'), 0, TRACKING_LINK_TTL_HOURS),
    ...overrides,
  };
  if (!config.jwtSecret) config.jwtSecret = embeddedSecret(config.dataDir);
  return config;
}
