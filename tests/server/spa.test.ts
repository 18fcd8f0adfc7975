import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_NOT_FOUND } from '../../server/errors/httpErrors';
import spaPlugin from '../../server/http/plugins/spa';
import { createTestApp, type TestApp } from './helpers';

/**
 * The SPA routes over a dist/ of their own, next to files that must stay unreachable: a path
 * outside dist/ answers exactly what a missing file answers (index.html), whether or not a file
 * exists there, so nothing outside can be read or probed.
 */
const INDEX = '<!doctype html><title>Pronta Resposta</title>';
const base = mkdtempSync(join(tmpdir(), 'pr-spa-'));
const dist = join(base, 'dist');
mkdirSync(join(dist, 'assets'), { recursive: true });
writeFileSync(join(dist, 'index.html'), INDEX);
writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
// What the build writes beside a text file (scripts/vite-precompress.mjs).
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))})`;
writeFileSync(join(dist, 'assets', 'big-5678.js'), SCRIPT);
writeFileSync(join(dist, 'assets', 'big-5678.js.br'), brotliCompressSync(SCRIPT));
writeFileSync(join(dist, 'assets', 'big-5678.js.gz'), gzipSync(SCRIPT));
writeFileSync(join(dist, 'index.html.gz'), gzipSync(INDEX));
writeFileSync(join(base, 'package.json'), '{"segredo": true}');
// A sibling whose name starts like dist: a bare startsWith(root) check would let it through.
mkdirSync(join(base, 'dist-old'));
writeFileSync(join(base, 'dist-old', 'secret.txt'), 'segredo');

let t: TestApp;
let port = 0;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      setup: async (app) => {
        await app.register(spaPlugin, { root: dist });
      },
    },
  );
  port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
});
afterAll(() => t.close());

/** A real HTTP request with the path sent as written: app.inject would resolve `..` itself. */
const get = (path: string) =>
  new Promise<{ statusCode: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });

/** The same, with request headers, and the body as bytes. */
const getBytes = (path: string, headers: Record<string, string>) =>
  new Promise<{ statusCode: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });

describe('SPA routes', () => {
  it("sends a file's compressed copy to a browser that accepts it, the file itself to one that does not", async () => {
    const brotli = await getBytes('/assets/big-5678.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers['cache-control']).toContain('immutable');
    expect(brotli.body.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(brotli.body).toString()).toBe(SCRIPT);

    const gzip = await getBytes('/assets/big-5678.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(SCRIPT);

    const plain = await getBytes('/assets/big-5678.js', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);

    // A deep link's page too.
    const page = await getBytes('/home/missions', { 'accept-encoding': 'gzip' });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['content-type']).toContain('text/html');
    expect(gunzipSync(page.body).toString()).toBe(INDEX);
  });

  it('serves files of dist/ and index.html for deep links', async () => {
    const asset = await get('/assets/app-1234.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toContain('immutable');
    const deep = await get('/home/missions/5f0000000000000000000001');
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toBe(INDEX);
  });

  it('answers every path outside dist/ like a missing file, whether something exists there or not', async () => {
    const outside = [
      '/../package.json',
      '/../package-nope.json',
      '/%2e%2e/package.json',
      '/%2E%2E/package-nope.json',
      '/assets/../../package.json',
      '/assets/%2e%2e/%2e%2e/package.json',
      '/..%2fpackage.json',
      '/%2e%2e%2fpackage.json',
      '/..%5cpackage.json',
      '/../dist-old/secret.txt',
      '/%2e%2e/dist-old/secret.txt',
      '/assets/%00.js',
      '/assets',
    ];
    for (const url of outside) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.body, url).toBe(INDEX);
    }
  });

  it('keeps unknown /api paths a Portuguese JSON 404', async () => {
    const response = await get('/api/nao-existe');
    expect(response.statusCode).toBe(404);
    expect(JSON.parse(response.body)).toEqual({ error: ROUTE_NOT_FOUND });
  });
});
