import { CHAT_FOLDER, MISSION_FILE_MAX_BYTES } from '../src/domain/missionDetails';
import { MISSION_IDS } from '../server/demo/seedMissions';
import { groupRssKiB, loginToken, report, requireBuild, withServer, type Figure } from './common';

/**
 * Upload memory budget (docs/performance.md): a 10 MB chat file streams to storage, so the server's RSS may
 * grow by less than 30 MB while it arrives. RSS of the server's process group is sampled during
 * each upload; the figure is the largest peak above the idle value before the first upload.
 */
const UPLOADS = 3;
const TARGET_MIB = 30;

/** The largest RSS seen while `work` runs (sampled every 20 ms). */
async function peakDuring(pgid: number, work: () => Promise<void>): Promise<number> {
  let peak = await groupRssKiB(pgid);
  let running = true;
  const sampling = (async () => {
    while (running) {
      peak = Math.max(peak, await groupRssKiB(pgid));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  try {
    await work();
  } finally {
    running = false;
    await sampling;
  }
  return Math.max(peak, await groupRssKiB(pgid));
}

export async function benchUpload(): Promise<Figure[]> {
  console.log(`\nEnvio de arquivo: ${MISSION_FILE_MAX_BYTES / 1024 / 1024} MB no chat`);
  await requireBuild();
  return withServer(async (server) => {
    const pgid = server.child.pid!;
    const token = await loginToken(server.url, 'gestor@demo.com.br');
    // A first small message warms the route (JIT, multipart, the transaction) out of the figure.
    const send = async (bytes: Uint8Array<ArrayBuffer>) => {
      const form = new FormData();
      form.set('missionRequest', MISSION_IDS.startedFinishAsked);
      form.set('type', 'mission_chat');
      form.set('message', '');
      form.set('file', new Blob([bytes], { type: 'application/pdf' }), 'carga.pdf');
      const response = await fetch(`${server.url}/api/missions/chat`, { method: 'POST', headers: { 'x-access-token': token }, body: form });
      if (response.status !== 201) throw new Error(`chat → ${response.status} ${await response.text()}`);
    };
    const pdf = (size: number) => {
      const bytes = new Uint8Array(size).fill(0x20);
      bytes.set(new TextEncoder().encode('%PDF-1.4\n'));
      return bytes;
    };
    await send(pdf(1024));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idle = await groupRssKiB(pgid);
    let growth = 0;
    const file = pdf(MISSION_FILE_MAX_BYTES);
    for (let i = 0; i < UPLOADS; i++) growth = Math.max(growth, (await peakDuring(pgid, () => send(file))) - idle);
    const mib = growth / 1024;
    return [
      report({
        name: `crescimento do RSS do servidor num envio de ${MISSION_FILE_MAX_BYTES / 1024 / 1024} MB (${CHAT_FOLDER}, pico de ${UPLOADS})`,
        value: `${mib.toFixed(1)} MiB (ocioso ${(idle / 1024).toFixed(0)} MiB)`,
        target: `< ${TARGET_MIB} MiB`,
        ok: mib < TARGET_MIB,
      }),
    ];
  });
}
