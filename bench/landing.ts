import { gzipSync } from 'node:zlib';
import { launchBrowser } from '../tests/e2e/harness';
import { median, report, requireBuild, withServer, type Figure } from './common';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * (e) The landing page `/`: the JavaScript a first visit downloads until the network is idle (each
 * response gzipped at level 9, as bundleSize.ts does for /login) and the Largest Contentful Paint
 * Chromium reports, median of 5 cold visits (a new context each: no cache, no stored theme).
 */
export async function benchLanding(): Promise<Figure[]> {
  console.log('\n(e) Página inicial / (JS gzip e LCP)');
  await requireBuild();
  return withServer(async (server) => {
    const browser = await launchBrowser();
    try {
      let gzipped = 0;
      let count = 0;
      const rows: string[] = [];
      const lcps: number[] = [];
      for (let visit = 0; visit < 5; visit++) {
        const page = await browser.newPage();
        const scripts = new Map<string, Promise<Buffer>>();
        page.on('response', (response) => {
          const type = response.headers()['content-type'] ?? '';
          if (response.request().resourceType() === 'script' || type.includes('javascript')) scripts.set(response.url(), response.body());
        });
        await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
        await page.getByRole('button', { name: 'Enviar mensagem' }).waitFor({ timeout: 30_000 });
        const lcp = await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              new PerformanceObserver((list) => {
                const entries = list.getEntries();
                resolve(entries[entries.length - 1]?.startTime ?? Number.NaN);
              }).observe({ type: 'largest-contentful-paint', buffered: true });
            }),
        );
        lcps.push(lcp);
        if (visit === 0) {
          for (const [url, body] of scripts) {
            const bytes = await body;
            const size = gzipSync(bytes, { level: 9 }).length;
            gzipped += size;
            rows.push(`${new URL(url).pathname} → ${kb(size)}`);
          }
          count = scripts.size;
        }
        await page.close();
      }
      const lcp = median(lcps);
      return [
        report({
          name: `JS de / (${count} arquivos)`,
          value: `${kb(gzipped)} gzip`,
          target: '≤ 120 KB',
          ok: gzipped <= 120 * 1024,
          note: rows.join('\n    '),
        }),
        report({ name: 'LCP de / (mediana de 5)', value: `${lcp.toFixed(0)} ms`, target: '< 1000 ms', ok: lcp < 1000, note: `visitas: ${lcps.map((v) => v.toFixed(0)).join(', ')} ms` }),
      ];
    } finally {
      await browser.close();
    }
  });
}
