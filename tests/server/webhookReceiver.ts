import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/**
 * A local webhook receiver for the tests: every request is verified with the `standardwebhooks`
 * package (as a risk manager's system would) against the secrets it is told, and kept; `answer`
 * decides the reply (status, or null: never answer).
 */

export interface Received {
  id: string;
  body: Record<string, unknown>;
  /** The secrets (of those given) that verified the signature. */
  verifiedWith: string[];
  at: number;
}

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  secrets: string[];
  answer: (request: Received, count: number) => number | null;
  close(): Promise<void>;
  /** Resolves once `n` requests arrived (or rejects after `ms`). */
  waitFor(n: number, ms?: number): Promise<Received[]>;
}

export async function startReceiver(port = 0): Promise<Receiver> {
  const held: ServerResponse[] = [];
  const receiver: Receiver = {
    url: '',
    port: 0,
    received: [],
    secrets: [],
    answer: () => 200,
    close: async () => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
    async waitFor(n, ms = 10_000) {
      const until = Date.now() + ms;
      while (receiver.received.length < n) {
        if (Date.now() > until) throw new Error(`esperava ${n} entregas, chegaram ${receiver.received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return receiver.received;
    },
  };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const headers = { 'webhook-id': String(req.headers['webhook-id']), 'webhook-timestamp': String(req.headers['webhook-timestamp']), 'webhook-signature': String(req.headers['webhook-signature']) };
      const verifiedWith = receiver.secrets.filter((secret) => {
        try {
          new Webhook(secret).verify(raw, headers);
          return true;
        } catch {
          return false;
        }
      });
      const one: Received = { id: headers['webhook-id'], body: JSON.parse(raw) as Record<string, unknown>, verifiedWith, at: Date.now() };
      receiver.received.push(one);
      const status = receiver.answer(one, receiver.received.length);
      if (status === null) {
        held.push(res);
        return;
      }
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status >= 300 && status < 400 ? '' : `ok ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${receiver.port}/hook`;
  return receiver;
}
