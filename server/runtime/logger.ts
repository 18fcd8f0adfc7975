import pino, { type DestinationStream, type Logger } from 'pino';

/** What replaces a secret in the log. */
export const CENSOR = '[redacted]';

/** Log redaction: tokens, passwords and reset codes never reach the log. */
export const REDACT = [
  'req.headers["x-access-token"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'body.password',
  'body.newPassword',
  'body.confirmPassword',
  'body.resetCode',
  'body.emailCode',
  'body.twoFactorCode',
  'body.code',
  'body.verificationCode',
  'body.token',
];

/**
 * Query parameters whose value is a secret: the live stream's single-use ticket (EventSource
 * cannot send a header, so it travels as GET …/live?ticket=) and any token, password or code a
 * client might put in a URL. Matched on the parameter's name, case ignored.
 */
const SECRET_PARAMETER = /ticket|token|password|secret|^(code|resetcode|verificationcode)$/i;

const decodedName = (name: string): string => {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
};

/** The URL as the log shows it: each secret parameter's value replaced by CENSOR, the rest as it came. */
export function loggableUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const pairs = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      return SECRET_PARAMETER.test(decodedName(name)) ? `${name}=${CENSOR}` : pair;
    });
  return `${url.slice(0, at + 1)}${pairs.join('&')}`;
}

/** The parts of a request the log needs (Fastify's request as its serializer receives it). */
interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number };
}

/** Fastify's own request serializer (method, url, version, host, address, port), the URL's secrets hidden. */
export function requestForLog(req: LoggedRequest) {
  return {
    method: req.method,
    url: loggableUrl(req.url),
    version: req.headers?.['accept-version'],
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** The server's logger (main.ts): pino at `level`, secrets redacted from bodies, headers and URLs. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, redact: { paths: REDACT, censor: CENSOR }, serializers: { req: requestForLog } };
  return destination ? pino(options, destination) : pino(options);
}
