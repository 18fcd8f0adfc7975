import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../tests/e2e/harness';
import { report, requireBuild, withServer, type Figure } from './common';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Every JavaScript response the page receives from now on, by URL. */
function collectScripts(page: Page): Map<string, Promise<Buffer>> {
  const scripts = new Map<string, Promise<Buffer>>();
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (response.request().resourceType() === 'script' || type.includes('javascript')) {
      scripts.set(response.url(), response.body());
    }
  });
  return scripts;
}

/** The scripts gzipped (level 9, what a compressing proxy or CDN would send) and summed. */
async function sizes(scripts: Map<string, Promise<Buffer>>) {
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
  return { raw, gzipped, rows };
}

/**
 * (c) What a visitor's browser downloads to show /login, and then what a risk manager's browser
 * downloads to show /home/missions after logging in (docs/performance.md: ≤ 350 KB, the map code only when a
 * map opens): every JavaScript response Chromium receives until the network is idle (entry,
 * preloaded and lazily imported chunks).
 */
export async function benchBundle(): Promise<Figure[]> {
  console.log('\n(c) JavaScript carregado por /login e por /home/missions (gzip)');
  await requireBuild();
  return withServer(async (server) => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const scripts = collectScripts(page);
      await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Entrar' }).waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      const login = await sizes(scripts);
      const loginScripts = scripts.size;

      await page.getByLabel('E-mail').fill('gestor@demo.com.br');
      await page.getByLabel('Senha', { exact: true }).fill('Demo@123');
      await page.getByRole('button', { name: 'Entrar' }).click();
      await page.waitForURL('**/home/missions');
      // A signed-in person opening /home/missions (a new tab of the same browser: the session is
      // in its storage): what that page needs, not the login screen's own chunks.
      const tab = await page.context().newPage();
      const missionScripts = collectScripts(tab);
      await tab.goto(`${server.url}/home/missions`, { waitUntil: 'networkidle' });
      await tab.getByRole('heading', { name: 'Missões - Gerenciadora de Risco' }).waitFor({ timeout: 30_000 });
      await tab.waitForLoadState('networkidle');
      const missions = await sizes(missionScripts);
      const leaflet = [...missionScripts.keys()].filter((url) => /leaflet|MissionMap|DispatchMap|markercluster/i.test(url));
      await tab.close();
      await page.close();
      return [
        report({
          name: `JS de /login (${loginScripts} arquivos)`,
          value: `${kb(login.gzipped)} gzip (${kb(login.raw)} sem compressão)`,
          target: '≤ 250 KB',
          ok: login.gzipped <= 250 * 1024,
          note: login.rows.join('\n    '),
        }),
        report({
          name: `JS de /home/missions com sessão (${missionScripts.size} arquivos)`,
          value: `${kb(missions.gzipped)} gzip (${kb(missions.raw)} sem compressão); código de mapa carregado: ${leaflet.length === 0 ? 'nenhum' : leaflet.join(', ')}`,
          target: '≤ 350 KB, sem o mapa',
          ok: missions.gzipped <= 350 * 1024 && leaflet.length === 0,
          note: missions.rows.join('\n    '),
        }),
      ];
    } finally {
      await browser.close();
    }
  });
}
