import { gzipSync } from 'node:zlib';
import { launchBrowser } from '../tests/e2e/harness';
import { report, requireBuild, withServer, type Figure } from './common';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * (c) What a visitor's browser downloads to show /login: every JavaScript response Chromium
 * receives until the network is idle (entry, preloaded and lazily imported chunks), each gzipped
 * (level 9, what a compressing proxy or CDN would send) and summed.
 */
export async function benchBundle(): Promise<Figure[]> {
  console.log('\n(c) JavaScript carregado por /login (gzip)');
  await requireBuild();
  return withServer(async (server) => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const scripts = new Map<string, Promise<Buffer>>();
      page.on('response', (response) => {
        const type = response.headers()['content-type'] ?? '';
        if (response.request().resourceType() === 'script' || type.includes('javascript')) {
          scripts.set(response.url(), response.body());
        }
      });
      await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Entrar' }).waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      let raw = 0;
      let gzipped = 0;
      const rows: string[] = [];
      for (const [url, body] of scripts) {
        const bytes = await body;
        const size = gzipSync(bytes, { level: 9 }).length;
        raw += bytes.length;
        gzipped += size;
        rows.push(`${new URL(url).pathname} ${kb(bytes.length)} → ${kb(size)}`);
      }
      await page.close();
      return [
        report({
          name: `JS de /login (${scripts.size} arquivos)`,
          value: `${kb(gzipped)} gzip (${kb(raw)} sem compressão)`,
          target: '≤ 250 KB',
          ok: gzipped <= 250 * 1024,
          note: rows.join('\n    '),
        }),
      ];
    } finally {
      await browser.close();
    }
  });
}
