// npm run restore -- FILE: brings a backup (npm run backup) back into an empty DATA_DIR.
import { resolve } from 'node:path';
import { progressLine } from './backup/progress';
import { restoreBackup } from './backup/restore';

async function main() {
  const target = process.argv[2];
  if (!target) throw new Error('Uso: npm run restore -- ARQUIVO, com DATA_DIR apontando um diretório vazio (ou que ainda não existe).');
  const dataDir = resolve(process.env.DATA_DIR || './data');
  const progress = progressLine('Restauração');
  let bytes = 0;
  let entries = 0;
  const { files } = await restoreBackup(resolve(target), dataDir, (_name, size) => progress.update((bytes += size), ++entries));
  progress.done(`Restaurado em ${dataDir}: banco e ${files} arquivo(s). Inicie o servidor com DATA_DIR=${dataDir}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
