import { join } from 'node:path';
import { openDatabase } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { DEMO_IDS } from '../server/demo/demoIds';
import { createStorage } from '../server/files/store';
import { seedDemo } from '../server/demo/seed';
import { MISSION_IDS } from '../server/demo/seedMissions';
import { missionMessages, users } from '../server/db/schema';
import { launchBrowser, newDataDir } from '../tests/e2e/harness';
import { median, report, requireBuild, withServer, type Figure } from './common';

/**
 * Chat budget (docs/performance.md): a chat of 5,000 messages opens in Chromium with its first render under
 * 300 ms: from the end of the GET {id}/chat response (the browser's resource timing) to the first
 * message bubble in the page and painted (two animation frames), median of 5 cold visits.
 */
const MESSAGES = 5000;
const VISITS = 5;
const TARGET_MS = 300;

async function seedChat(dataDir: string) {
  const database = await openDatabase({ dataDir: join(dataDir, 'db') });
  try {
    await migrateDatabase(database);
    await seedDemo(database.db, createStorage({ dataDir, s3: null }));
    const people = await database.db.select({ id: users.id, name: users.name, email: users.email }).from(users);
    const gestor = people.find((u) => u.email === 'gestor@demo.com.br');
    const prestador = people.find((u) => u.email === 'prestador@demo.com.br');
    if (!gestor || !prestador) throw new Error('usuários de demonstração ausentes');
    const start = Date.UTC(2026, 0, 1);
    for (let from = 0; from < MESSAGES; from += 500) {
      await database.db.insert(missionMessages).values(
        Array.from({ length: 500 }, (_, k) => {
          const i = from + k;
          const sender = i % 2 === 0 ? { u: gestor, role: 'risk_manager' as const } : { u: prestador, role: 'service_provider' as const };
          return {
            mission: MISSION_IDS.startedFinishAsked,
            senderUser: sender.u.id,
            senderName: sender.u.name,
            senderRole: sender.role,
            chatType: 'mission_chat' as const,
            message: `Mensagem ${i + 1}: posição atualizada, seguindo pela rodovia sem ocorrências.`,
            createdAt: new Date(start + i * 60_000),
          };
        }),
      );
    }
  } finally {
    await database.close();
  }
}

export async function benchChat(): Promise<Figure[]> {
  console.log(`\nChat de ${MESSAGES} mensagens no Chromium`);
  await requireBuild();
  const dataDir = newDataDir();
  await seedChat(dataDir);
  return withServer(async (server) => {
    const browser = await launchBrowser();
    try {
      const renders: number[] = [];
      for (let visit = 0; visit < VISITS; visit++) {
        const page = await browser.newPage();
        await page.goto(`${server.url}/login`);
        await page.getByLabel('E-mail').fill('gestor@demo.com.br');
        await page.getByLabel('Senha', { exact: true }).fill('Demo@123');
        await page.getByRole('button', { name: 'Entrar' }).click();
        await page.waitForURL('**/home/missions');
        await page.goto(`${server.url}/home/missions/${MISSION_IDS.startedFinishAsked}/chat/started`);
        await page.getByTestId('chat-bubble').first().waitFor({ timeout: 30_000 });
        const ms = await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              requestAnimationFrame(() =>
                requestAnimationFrame(() => {
                  const painted = performance.now();
                  const chat = performance.getEntriesByType('resource').find((e) => /\/api\/missions\/[0-9a-f]{24}\/chat$/.test(e.name));
                  resolve(chat ? painted - (chat as PerformanceResourceTiming).responseEnd : Number.NaN);
                }),
              );
            }),
        );
        renders.push(ms);
        await page.close();
      }
      const value = median(renders);
      return [
        report({
          name: `chat de ${MESSAGES} mensagens: resposta → primeira renderização (mediana de ${VISITS})`,
          value: `${value.toFixed(0)} ms`,
          target: `< ${TARGET_MS} ms`,
          ok: value < TARGET_MS,
          note: `visitas: ${renders.map((v) => v.toFixed(0)).join(', ')} ms (gerenciadora ${DEMO_IDS.riskManager})`,
        }),
      ];
    } finally {
      await browser.close();
    }
  }, dataDir);
}
