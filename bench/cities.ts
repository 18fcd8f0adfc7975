import type { Page } from 'playwright-core';
import { launchBrowser, newDataDir } from '../tests/e2e/harness';
import { describeLoad, load, loginToken, median, ms, report, requireBuild, withServer, type Figure } from './common';
import { seedCities } from './seedCities';
import { startBare } from './api';

/** Header labels tried for sorting, in order; the first that exists is used. */
const SORT_HEADERS = ['Estado', 'Nome', 'Cidade'];

/**
 * In the page: clicks the header whose text starts with the label and waits (frame by frame) until
 * the first row's text changes; the elapsed ms, -1 when nothing changed within 5 s, -2 when there is
 * no such header. Plain JavaScript in strings, evaluated through the DevTools protocol: tsx would
 * inject its helpers (__name) into a function body that runs in the browser, and the app's CSP
 * forbids the eval that waitForFunction uses for strings.
 */
const CLICK_AND_TIME = `(label) => {
  const firstRow = () => document.querySelector('tbody tr')?.textContent ?? '';
  const header = [...document.querySelectorAll('thead th')].find((th) => th.textContent.trim().startsWith(label));
  if (!header) return -2;
  const target = header.querySelector('button, [role="button"], span') ?? header;
  const before = firstRow();
  const started = performance.now();
  target.click();
  return new Promise((resolve) => {
    const check = () => {
      if (firstRow() !== before) resolve(performance.now() - started);
      else if (performance.now() - started > 5000) resolve(-1);
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}`;

/** In the page: ms since navigation start when the table has rows, or -1 after 60 s. */
const WAIT_FOR_ROWS = `new Promise((resolve) => {
  const check = () => {
    if (document.querySelectorAll('tbody tr').length > 1) resolve(performance.now());
    else if (performance.now() > 60000) resolve(-1);
    else requestAnimationFrame(check);
  };
  check();
})`;

const clickAndTime = (page: Page, label: string) => page.evaluate<number>(`(${CLICK_AND_TIME})(${JSON.stringify(label)})`);

async function benchScreen(url: string): Promise<Figure[]> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.goto(`${url}/login`);
    await page.getByLabel('E-mail').fill('admin@demo.com.br');
    await page.getByLabel('Senha', { exact: true }).fill('Demo@123');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL('**/home/**');

    await page.goto(`${url}/home/admin/cities`);
    const rendered = await page.evaluate<number>(WAIT_FOR_ROWS);
    if (rendered < 0) {
      await page.screenshot({ path: '/tmp/bench-cities.png' });
      return [report({ name: 'Tela de cidades (Chromium)', value: 'não medida', note: `nenhuma linha em /home/admin/cities em 60 s; página: ${page.url()}, imagem em /tmp/bench-cities.png` })];
    }
    let label: string | undefined;
    const times: number[] = [];
    for (const candidate of SORT_HEADERS) {
      const first = await clickAndTime(page, candidate);
      if (first === -2) continue;
      label = candidate;
      if (first >= 0) times.push(first);
      for (let i = 0; i < 5; i++) {
        const time = await clickAndTime(page, candidate);
        if (time >= 0) times.push(time);
      }
      break;
    }
    const rows = await page.locator('tbody tr').count();
    const figures = [
      report({ name: 'Tela de cidades: carga até a 1ª linha (navegação + GET de 5.000 + render)', value: ms(rendered), note: `${rows} linhas no DOM` }),
    ];
    if (!label || times.length === 0) {
      figures.push(report({ name: 'Ordenação na tela de cidades', value: 'não medida', note: `nenhum cabeçalho ordenável entre ${SORT_HEADERS.join(', ')}` }));
    } else {
      const worst = Math.max(...times);
      figures.push(
        report({
          name: `Ordenação por '${label}' (clique até a 1ª linha mudar)`,
          value: `mediana ${ms(median(times))}, pior ${ms(worst)} (${times.length} cliques)`,
          target: '< 150 ms',
          ok: worst < 150,
        }),
      );
    }
    await page.close();
    return figures;
  } finally {
    await browser.close();
  }
}

/** (d) docs/performance.md: GET /api/admin/cities with 5,000 rows under 20 clients, and the cities screen. */
export async function benchCities(seconds = 10): Promise<Figure[]> {
  console.log('\n(d) Cidades: 5.000 registros');
  await requireBuild();
  const dataDir = newDataDir();
  const total = await seedCities(dataDir, 5000);
  console.log(`  ${total} cidades no banco de teste`);
  return withServer(async (server) => {
    const token = await loginToken(server.url, 'admin@demo.com.br');
    // As a browser asks: every browser sends accept-encoding gzip, and the server keeps the list gzipped.
    const headers = { 'x-access-token': token, 'accept-encoding': 'gzip' };
    const probe = await fetch(`${server.url}/api/admin/cities`, { headers: { 'x-access-token': token } });
    const figures: Figure[] = [];
    if (!probe.ok) {
      figures.push(report({ name: 'GET /api/admin/cities', value: 'não medido', note: `a rota respondeu ${probe.status}` }));
    } else {
      const body = await probe.text();
      const listed = (JSON.parse(body) as unknown[]).length;
      const single = await load(`${server.url}/api/admin/cities`, { connections: 1, seconds: 5, headers });
      figures.push(
        report({ name: `GET /api/admin/cities, 1 cliente (resposta de ${(body.length / 1024).toFixed(0)} KB)`, value: describeLoad(single) }),
      );
      const result = await load(`${server.url}/api/admin/cities`, { connections: 20, seconds, headers });
      // The floor of this machine for a body of that size: a bare Fastify route sending the same
      // number of bytes to the same 20 clients, measured in the same run.
      const gzippedBytes = Number(
        (await fetch(`${server.url}/api/admin/cities`, { method: 'HEAD', headers })).headers.get('content-length') ?? 0,
      );
      const bare = await startBare(gzippedBytes || 100_000);
      let floor;
      try {
        floor = await load(`${bare.url}/bytes`, { connections: 20, seconds });
      } finally {
        await bare.stop();
      }
      figures.push(
        report({ name: `GET /bytes (Fastify puro, ${(gzippedBytes / 1024).toFixed(0)} KB, 20 clientes, mesmo teste)`, value: describeLoad(floor) }),
      );
      figures.push(
        report({
          name: `GET /api/admin/cities (${listed} registros, 20 clientes)`,
          value: describeLoad(result),
          target: 'p99 < 30 ms',
          ok: result.p99 < 30 && result.non2xx === 0,
        }),
      );
    }
    figures.push(...(await benchScreen(server.url)));
    return figures;
  }, dataDir);
}
