import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { COMPANY } from '../src/domain/company';
import { LIVE_STREAMS_PER_USER } from '../src/domain/live';
import { POSITION_RETENTION_DAYS } from '../src/domain/positions';
import { TRACKING_LINK_TTL_HOURS } from '../src/domain/tracking';
import { API_KEY_CALLS_PER_MINUTE } from '../src/domain/integrations/apiKeys';

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
  /** Bearer token of /api/metrics; null → the endpoint is off (404). */
  metricsToken: string | null;
  /** S3-compatible object storage for the stored files; null → DATA_DIR/storage on the local disk. */
  s3: S3Config | null;
  /** Hours a shipper's tracking link keeps working after its mission ended (src/domain/tracking). */
  trackingLinkTtlHours: number;
  /** The VAPID keys notifications are signed with (docs/operations/notifications.md). */
  vapid: VapidKeys;
  /** Days a team's position is kept before the server deletes it (docs/rules/positions.md). */
  positionRetentionDays: number;
  /** An OSRM server's base (OSRM_URL) for the live arrival estimate; null → the straight line (docs/rules/positions.md). */
  osrmUrl: string | null;
  /** Calls one API key may make per minute before a 429 (API_KEY_RATE_LIMIT; docs/rules/integrations.md). */
  apiKeyCallsPerMinute: number;
  /** How webhooks are delivered (docs/rules/webhooks.md). */
  webhooks: WebhookConfig;
}

/**
 * WEBHOOK_ALLOW_HTTP: plain http:// endpoints accepted (a receiver on the same network, the tests);
 * WEBHOOK_ALLOW_PRIVATE: addresses resolving to loopback, private, link-local or metadata ranges
 * accepted. Both off by default: a tenant's URL must not reach the server's own network.
 */
export interface WebhookConfig {
  allowHttp: boolean;
  allowPrivate: boolean;
  /** One attempt's limit, connection to last byte (WEBHOOK_TIMEOUT_MS, 10 s). */
  timeoutMs: number;
  /** The first retry's delay; each next one is 6× longer, up to 8 640× it (WEBHOOK_RETRY_BASE_MS, 5 s: 12 h). */
  retryBaseMs: number;
}

/** P-256 keys, base64url (the public one uncompressed, as PushManager.subscribe takes it), and the contact push services may write to. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  /** Null → the AWS SDK's own chain (AWS_ACCESS_KEY_ID…, instance roles). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** Bucket in the path (MinIO and most S3-compatible servers) rather than in the host name. */
  forcePathStyle: boolean;
}

/** A setting with a value the server cannot run with: the message says which and why, in Portuguese. */
export class ConfigError extends Error {}

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

/**
 * VAPID keys, like the JWT secret: from the environment (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY,
 * the same on every instance), otherwise generated once and kept in DATA_DIR/vapid-keys.json —
 * every device subscribed with the public key, so a new pair would silence them all.
 */
function vapidKeys(dataDir: string, subject: string): VapidKeys {
  const publicKey = env('VAPID_PUBLIC_KEY');
  const privateKey = env('VAPID_PRIVATE_KEY');
  if ((publicKey === undefined) !== (privateKey === undefined)) {
    throw new ConfigError('Defina VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY juntas (ou nenhuma, para gerar um par em DATA_DIR/vapid-keys.json).');
  }
  if (publicKey && privateKey) return { publicKey, privateKey, subject };
  const file = join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) return { ...(JSON.parse(readFileSync(file, 'utf8')) as Omit<VapidKeys, 'subject'>), subject };
  mkdirSync(dataDir, { recursive: true });
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = { publicKey: ecdh.getPublicKey('base64url'), privateKey: ecdh.getPrivateKey('base64url') };
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return { ...keys, subject };
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

/** At least 16 visible ASCII characters: it travels in an Authorization header and must not be guessable. */
const METRICS_TOKEN = /^[\x21-\x7e]{16,256}$/;

function metricsToken(value: string | undefined): string | null {
  if (value === undefined) return null;
  if (!METRICS_TOKEN.test(value)) {
    throw new ConfigError('METRICS_TOKEN inválido: use de 16 a 256 caracteres visíveis, sem espaços (p. ex. a saída de `openssl rand -hex 24`).');
  }
  return value;
}

function s3Config(): S3Config | null {
  const endpoint = env('S3_ENDPOINT');
  const bucket = env('S3_BUCKET');
  if (endpoint === undefined && bucket === undefined) return null;
  if (endpoint === undefined || bucket === undefined) {
    throw new ConfigError('Defina S3_ENDPOINT e S3_BUCKET juntos (ou nenhum dos dois, para guardar os arquivos no disco local).');
  }
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new ConfigError(`S3_ENDPOINT inválido: "${endpoint}" não é um endereço (p. ex. https://s3.sa-east-1.amazonaws.com ou http://minio:9000).`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`S3_ENDPOINT inválido: use http:// ou https:// (recebido "${endpoint}").`);
  // The bucket naming rule of S3 (3 to 63 lower-case letters, digits, dots and hyphens).
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new ConfigError(`S3_BUCKET inválido: "${bucket}" (de 3 a 63 letras minúsculas, números, pontos e hífens).`);
  }
  const accessKeyId = env('S3_ACCESS_KEY_ID');
  const secretAccessKey = env('S3_SECRET_ACCESS_KEY');
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw new ConfigError('Defina S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY juntos (ou nenhum, para as credenciais padrão da AWS).');
  }
  const pathStyle = env('S3_FORCE_PATH_STYLE') ?? 'true';
  if (pathStyle !== 'true' && pathStyle !== 'false') throw new ConfigError(`S3_FORCE_PATH_STYLE inválido: use true ou false (recebido "${pathStyle}").`);
  return {
    endpoint: url.toString().replace(/\/$/, ''),
    bucket,
    region: env('S3_REGION') ?? 'us-east-1',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null,
    forcePathStyle: pathStyle === 'true',
  };
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
    metricsToken: metricsToken(env('METRICS_TOKEN')),
    s3: s3Config(),
    trackingLinkTtlHours: integerAtLeast(env('TRACKING_LINK_TTL_HOURS'), 0, TRACKING_LINK_TTL_HOURS),
    positionRetentionDays: integerAtLeast(env('POSITION_RETENTION_DAYS'), 1, POSITION_RETENTION_DAYS),
    osrmUrl: env('OSRM_URL') ?? null,
    webhooks: {
      allowHttp: env('WEBHOOK_ALLOW_HTTP') === 'true',
      allowPrivate: env('WEBHOOK_ALLOW_PRIVATE') === 'true',
      timeoutMs: integerAtLeast(env('WEBHOOK_TIMEOUT_MS'), 1, 10_000),
      retryBaseMs: integerAtLeast(env('WEBHOOK_RETRY_BASE_MS'), 1, 5_000),
    },
    apiKeyCallsPerMinute: integerAtLeast(env('API_KEY_RATE_LIMIT'), 1, API_KEY_CALLS_PER_MINUTE),
    // Filled below when not overridden: generating keys needs the final data directory.
    vapid: { publicKey: '', privateKey: '', subject: '' },
    ...overrides,
  };
  if (!config.jwtSecret) config.jwtSecret = embeddedSecret(config.dataDir);
  if (!config.vapid.publicKey) config.vapid = vapidKeys(config.dataDir, env('VAPID_SUBJECT') ?? `mailto:${config.contactEmail}`);
  return config;
}
