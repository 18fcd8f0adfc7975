import { gzipSync } from 'node:zlib';
import { DEMO_TRACKING_TOKEN } from '../server/demo/seedTracking';
import { trackingPagePath } from '../src/domain/tracking';
import { launchBrowser } from '../tests/e2e/harness';
import { median, report, requireBuild, withServer, type Figure } from './common';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * (f) The shipper's tracking page (the demo link of DEMO-0003) on a phone-sized screen: the
 * JavaScript a first visit downloads until the network is idle (gzip level 9, as landing.ts) —
 * held to the landing page's budget — and, over 5 cold visits (a new context each), the time until
 * the mission's status is on screen and Chromium's Largest Contentful Paint.
 */
export async function benchTracking(): Promise<Figure[]> {
  console.log('\n(f) Página de acompanhamento do embarcador /acompanhar/{token} (JS gzip, status na tela, LCP)');
  await requireBuild();
  return withServer(async (server) => {
    const browser = await launchBrowser();
    try {
      let gzipped = 0;
      let count = 0;
      const rows: string[] = [];
      const shown: number[] = [];
      const lcps: number[] = [];
      for (let visit = 0; visit < 5; visit++) {
        const page = await browser.newPage({ width: 390, height: 844 });
        const scripts = new Map<string, Promise<Buffer>>();
        page.on('response', (response) => {
          const type = response.headers()['content-type'] ?? '';
          if (response.request().resourceType() === 'script' || type.includes('javascript')) scripts.set(response.url(), response.body());
        });
        const started = Date.now();
        await page.goto(`${server.url}${trackingPagePath(DEMO_TRACKING_TOKEN)}`);
        await page.getByTestId('tracking-status').waitFor({ timeout: 30_000 });
        shown.push(Date.now() - started);
        await page.waitForLoadState('networkidle');
        lcps.push(
          await page.evaluate(
            () =>
              new Promise<number>((resolve) => {
                new PerformanceObserver((list) => {
                  const entries = list.getEntries();
                  resolve(entries[entries.length - 1]?.startTime ?? Number.NaN);
                }).observe({ type: 'largest-contentful-paint', buffered: true });
              }),
          ),
        );
        if (visit === 0) {
          for (const [url, body] of scripts) {
            const size = gzipSync(await body, { level: 9 }).length;
            gzipped += size;
            rows.push(`${new URL(url).pathname} → ${kb(size)}`);
          }
          count = scripts.size;
        }
        await page.close();
      }
      return [
        report({ name: `JS de /acompanhar (${count} arquivos)`, value: `${kb(gzipped)} gzip`, target: '≤ 120 KB (o da página inicial)', ok: gzipped <= 120 * 1024, note: rows.join('\n    ') }),
        report({ name: 'Status na tela em /acompanhar (mediana de 5, visitas frias)', value: `${median(shown).toFixed(0)} ms`, note: `visitas: ${shown.join(', ')} ms` }),
        report({ name: 'LCP de /acompanhar (mediana de 5)', value: `${median(lcps).toFixed(0)} ms`, target: '< 1000 ms', ok: median(lcps) < 1000, note: `visitas: ${lcps.map((v) => v.toFixed(0)).join(', ')} ms` }),
      ];
    } finally {
      await browser.close();
    }
  });
}
