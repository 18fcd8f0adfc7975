import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';

/**
 * One GET of JSON from an address upstream (ViaCEP, Nominatim), bounded in time and size. Written on
 * node:http rather than fetch because the server also runs inside the jsdom UI tests, where the
 * global AbortSignal is jsdom's and Node's fetch refuses it. Every failure — refused connection,
 * timeout, a status other than 2xx, an oversized or non-JSON body — is one UpstreamError, whose
 * message is for the log only: callers answer the person with the not-found text.
 */
export class UpstreamError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UpstreamError';
  }
}

/** Larger than any answer of the two services for one place; a bigger body is not one of theirs. */
const MAX_BODY_BYTES = 256 * 1024;

export interface UpstreamRequest {
  timeoutMs: number;
  headers?: Record<string, string>;
}

export function getJson(url: URL, { timeoutMs, headers = {} }: UpstreamRequest): Promise<unknown> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (message: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      reject(new UpstreamError(`${url.origin}${url.pathname}: ${message}`));
    };
    // One deadline for the whole exchange: a server that trickles its body cannot hold a request.
    const timer = setTimeout(() => fail(`no answer within ${timeoutMs} ms`), timeoutMs);
    const req = send(url, { method: 'GET', headers: { accept: 'application/json', ...headers } }, (res: IncomingMessage) => {
      const status = res.statusCode ?? 0;
      if (status < 200 || status > 299) {
        res.resume();
        fail(`status ${status}`);
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_BODY_BYTES) fail('body too large');
        else chunks.push(chunk);
      });
      res.on('error', (error) => fail(error.message));
      res.on('end', () => {
        if (settled) return;
        try {
          const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          settled = true;
          clearTimeout(timer);
          resolve(body);
        } catch {
          fail('body is not JSON');
        }
      });
    });
    req.on('error', (error) => fail(error.message));
    req.end();
  });
}
