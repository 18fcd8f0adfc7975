import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { Agent, createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ece from 'http_ece';
import type { PushPayload } from '../../src/domain/push';

/**
 * A push service started by the test (docs/operations/notifications.md): an HTTPS server with a
 * certificate made for it, whose `agent` the app's dispatcher is given. Each fake device has its own
 * P-256 key pair and auth secret, as a browser's PushSubscription; every push the service receives
 * is decrypted with the device's private key (RFC 8291, http_ece as web-push uses it) and recorded.
 * A device answers 201 unless the test queued other statuses for it.
 */

export interface FakeDevice {
  name: string;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** Statuses the service answers this device's next pushes with, in order (then 201). */
  answers: number[];
}

export interface ReceivedPush {
  device: string;
  payload: PushPayload;
  topic: string | undefined;
  /** The status the stub answered. */
  status: number;
}

export interface PushService {
  agent: Agent;
  /** The certificate's PEM file: a server in another process trusts the stub with NODE_EXTRA_CA_CERTS=it. */
  certificateFile: string;
  device(name: string): FakeDevice;
  /** Every push received, decrypted, in order (the ones answered with an error too). */
  received: ReceivedPush[];
  /** The pushes delivered (answered 201) to `device`. */
  deliveredTo(device: string): PushPayload[];
  /** Resolves once `count` pushes have been delivered in all (or rejects after `ms`). */
  waitForDelivered(count: number, ms?: number): Promise<void>;
  close(): Promise<void>;
}

function certificate(): { key: Buffer; cert: Buffer; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'pr-push-'));
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
    '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
    '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
  ], { stdio: 'ignore' });
  return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')), file: join(dir, 'cert.pem') };
}

export async function startPushService(): Promise<PushService> {
  const { key, cert, file } = certificate();
  const devices = new Map<string, FakeDevice & { ecdh: ECDH; auth: Buffer }>();
  const received: ReceivedPush[] = [];
  const delivered = () => received.filter((r) => r.status === 201);
  const server = createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const device = devices.get(decodeURIComponent((request.url ?? '').replace('/push/', '')));
      if (!device) {
        response.writeHead(404).end();
        return;
      }
      const plain = ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth.toString('base64url') });
      const status = device.answers.shift() ?? 201;
      const topic = request.headers.topic;
      received.push({ device: device.name, payload: JSON.parse(plain.toString('utf8')) as PushPayload, topic: typeof topic === 'string' ? topic : undefined, status });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    agent: new Agent({ ca: cert }),
    certificateFile: file,
    received,
    device(name) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const device = {
        name,
        ecdh,
        auth,
        answers: [],
        subscription: { endpoint: `https://127.0.0.1:${port}/push/${encodeURIComponent(name)}`, keys: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') } },
      };
      devices.set(name, device);
      return device;
    },
    deliveredTo: (name) => delivered().filter((r) => r.device === name).map((r) => r.payload),
    async waitForDelivered(count, ms = 10_000) {
      const until = Date.now() + ms;
      while (delivered().length < count) {
        if (Date.now() > until) throw new Error(`push service: ${delivered().length} of ${count} pushes delivered`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
