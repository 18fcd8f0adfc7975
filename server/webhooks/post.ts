import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import type { WebhookConfig } from '../config';
import { guardedLookup, isPrivateAddress, RefusedAddressError } from './addressGuard';

/**
 * One attempt at a webhook (docs/rules/webhooks.md): a POST of the JSON body with its signed
 * headers, given up after the configured timeout (10 s), a redirect taken as the answer (never
 * followed: it could lead anywhere), and at most RESPONSE_BYTES of the answer read and kept.
 */

/** What of the answer is kept in the delivery log. */
export const RESPONSE_BYTES = 1024;

export interface AttemptResult {
  /** The HTTP status, or null when none came (refused, unreachable, timed out). */
  status: number | null;
  durationMs: number;
  response: string | null;
  error: string | null;
}

/** Why `url` may not be called under `config`, or null. */
export function urlRefusal(url: URL, config: Pick<WebhookConfig, 'allowHttp' | 'allowPrivate'>): string | null {
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && config.allowHttp)) return 'somente https:// é aceito';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!config.allowPrivate && isIP(host) && isPrivateAddress(host)) {
    return new RefusedAddressError(host).message;
  }
  return null;
}

export function postWebhook(target: string, headers: Record<string, string>, body: string, config: WebhookConfig): Promise<AttemptResult> {
  const started = performance.now();
  const done = (result: Omit<AttemptResult, 'durationMs'>): AttemptResult => ({ ...result, durationMs: Math.round(performance.now() - started) });
  const url = new URL(target);
  const refusal = urlRefusal(url, config);
  if (refusal) return Promise.resolve(done({ status: null, response: null, error: refusal }));

  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<AttemptResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(done(result));
    };
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'ProntaResposta-Webhooks/1' },
        lookup: config.allowPrivate ? undefined : guardedLookup,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const status = res.statusCode ?? null;
        const keep = () => finish({ status, response: Buffer.concat(chunks).toString('utf8').slice(0, RESPONSE_BYTES) || null, error: null });
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= RESPONSE_BYTES) keep();
        });
        res.on('end', keep);
        res.on('error', keep);
      },
    );
    const timer = setTimeout(() => finish({ status: null, response: null, error: `sem resposta em ${config.timeoutMs} ms` }), config.timeoutMs);
    req.on('error', (error: Error) => finish({ status: null, response: null, error: error.message }));
    req.end(body);
  });
}
