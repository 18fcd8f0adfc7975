import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/domain/missionDetails';
import { MISSION_IDS } from '../../server/demo/seedMissions';
import { restoreBackup, RestoreRefusedError } from '../../server/runtime/backup/restore';
import { PNG } from './missionFixtures';

/**
 * Backups of the embedded mode (docs/operations/backups.md): `npm run backup` copies a running
 * server's DATA_DIR while it keeps writing, `npm run restore` brings the copy back into an empty
 * DATA_DIR, and a server started on it finds every row and file acknowledged before the copy began;
 * every file a restored row names is there (the copy is consistent). A non-empty DATA_DIR is refused.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const work = mkdtempSync(join(tmpdir(), 'pr-backup-'));
const running = new Set<ReturnType<typeof spawn>>();
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

/** Runs a TypeScript entry point of the project as its own process, the way the npm scripts do. */
function run(entry: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, entry), ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
  });
  running.add(child);
  let output = '';
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number>((resolve) =>
    child.on('exit', (code) => {
      running.delete(child);
      resolve(code ?? 1);
    }),
  );
  return { child, exited, output: () => output };
}

/**
 * `npm start`'s server (without the build step) on a free port of DATA_DIR; resolves with its URL.
 * A first start creates the cluster (PGlite's initdb), migrates and seeds, which on a busy 2-core CI machine
 * running the rest of the suite beside it takes well over half a minute, so it gets two minutes.
 */
const START_WAIT_MS = 120_000;
async function startServer(dataDir: string) {
  const server = run('server/main.ts', [], { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
  for (let i = 0; i < START_WAIT_MS / 100; i++) {
    const port = /pronto em http:\/\/localhost:(\d+)/.exec(server.output())?.[1];
    if (port) return { ...server, url: `http://127.0.0.1:${port}` };
    if (server.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`servidor não subiu:\n${server.output()}`);
}

async function signIn(url: string, email: string) {
  const response = await fetch(`${url}/api/auth/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: email, password: 'Demo@123' }) });
  return ((await response.json()) as { token: string }).token;
}

/**
 * Embedded mode only: the PostgreSQL run of the server suite (npm run test:pg) has nothing to add
 * (with DATABASE_URL docs/operations/backups.md sends backups to pg_dump), and there these four
 * processes would run
 * a second time beside the browser suite.
 */
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('npm run backup / npm run restore', () => {
  it('copies a running server under concurrent writes; the restored DATA_DIR serves every acknowledged row and file', async () => {
    const original = join(work, 'original');
    const first = await startServer(original);
    const gestor = await signIn(first.url, 'gestor@demo.com.br');
    const headers = { 'x-access-token': gestor };

    // Writes keep coming while the copy is made: a catalogue row, and a chat message with a file.
    const acknowledged: { cause: string; file: string; at: number }[] = [];
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const cause = await fetch(`${first.url}/api/admin/causes`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ name: `Causa ${i}`, active: true }) });
        const form = new FormData();
        form.set('missionRequest', MISSION_IDS.startedBySul);
        form.set('type', 'mission_chat');
        form.set('message', `foto ${i}`);
        form.set('file', new Blob([Buffer.concat([PNG, Buffer.from(`foto ${i}`)])], { type: 'image/png' }), `foto-${i}.png`);
        const chat = await fetch(`${first.url}/api/missions/chat`, { method: 'POST', headers, body: form });
        expect([cause.status, chat.status]).toEqual([201, 201]);
        acknowledged.push({ cause: `Causa ${i}`, file: ((await chat.json()) as ChatMessage).attachment?.file ?? '', at: Date.now() });
      }
    })();
    await expect.poll(() => acknowledged.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);

    const file = join(work, 'copia.tar.gz');
    const backupStarted = Date.now();
    const backup = run('server/runtime/backupCommand.ts', [file], { DATA_DIR: original });
    expect(await backup.exited, backup.output()).toBe(0);
    expect(backup.output()).toMatch(/Cópia de segurança: [\d,]+ MB/);
    expect(backup.output()).toContain(`Cópia de segurança gravada em ${file}`);
    const writtenDuring = acknowledged.filter((write) => write.at > backupStarted).length;
    writing = false;
    await writer;
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    // The copy ran while writes were being acknowledged.
    expect(writtenDuring).toBeGreaterThan(0);

    const restoredDir = join(work, 'restaurado');
    const restore = run('server/runtime/restoreCommand.ts', [file], { DATA_DIR: restoredDir });
    expect(await restore.exited, restore.output()).toBe(0);
    expect(restore.output()).toContain(`Restaurado em ${restoredDir}`);
    // The generated secrets come back as they were: the sessions' and the notifications' (docs/operations/notifications.md).
    for (const kept of ['jwt-secret', 'vapid-keys.json']) expect(readFileSync(join(restoredDir, kept), 'utf8'), kept).toBe(readFileSync(join(original, kept), 'utf8'));

    const restored = await startServer(restoredDir);
    try {
      const token = await signIn(restored.url, 'gestor@demo.com.br');
      const causes = (await (await fetch(`${restored.url}/api/admin/causes`, { headers: { 'x-access-token': token } })).json()) as { name: string }[];
      const chat = (await (await fetch(`${restored.url}/api/missions/${MISSION_IDS.startedBySul}/chat`, { headers: { 'x-access-token': token } })).json()) as ChatMessage[];
      const before = acknowledged.filter((write) => write.at < backupStarted);
      expect(before.length).toBeGreaterThanOrEqual(3);
      expect(causes.map((c) => c.name)).toEqual(expect.arrayContaining(before.map((write) => write.cause)));
      const files = chat.map((message) => message.attachment?.file).filter((name): name is string => Boolean(name));
      expect(files).toEqual(expect.arrayContaining(before.map((write) => write.file)));
      // Every file a restored row names came back with it, byte for byte.
      for (const message of chat.filter((m) => m.attachment)) {
        const response = await fetch(`${restored.url}/api/storage/mission/chat/${message.attachment!.file}`, { headers: { 'x-access-token': token } });
        expect(response.status, message.message).toBe(200);
        expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.concat([PNG, Buffer.from(message.message)]))).toBe(true);
      }
    } finally {
      restored.child.kill('SIGTERM');
      await restored.exited;
    }
    expect(existsSync(join(restoredDir, 'server.lock'))).toBe(false);
  }, 2 * START_WAIT_MS + 60_000);

  it('restore refuses a DATA_DIR that is not empty, with a clear message, and writes nothing there', async () => {
    const used = join(work, 'em-uso');
    mkdirSync(used);
    writeFileSync(join(used, 'jwt-secret'), 'segredo');
    const archive = join(work, 'qualquer.tar.gz');
    writeFileSync(archive, '');
    await expect(restoreBackup(archive, used)).rejects.toThrow(RestoreRefusedError);
    await expect(restoreBackup(archive, used)).rejects.toThrow(`O DATA_DIR ${used} não está vazio: a restauração só grava num diretório vazio`);
    expect(readdirSync(used)).toEqual(['jwt-secret']);
    const refused = run('server/runtime/restoreCommand.ts', [archive], { DATA_DIR: used });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain(`O DATA_DIR ${used} não está vazio`);
  });
});
