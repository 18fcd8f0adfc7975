// Where the headless browser for the e2e suite and the benches lives. Never downloaded: Debian's package.
import { accessSync, constants } from 'node:fs';

export const CHROMIUM_INSTALL_HINT = [
  'Nenhum Chromium encontrado para os testes de navegador (e2e).',
  'Instale o pacote do Debian/Ubuntu:',
  '    sudo apt-get update && sudo apt-get install -y chromium',
  'ou aponte CHROMIUM_PATH para um executável do Chromium/Chrome:',
  '    CHROMIUM_PATH=/caminho/para/chromium npm test',
].join('\n');

function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** CHROMIUM_PATH when set (it must exist), else /usr/bin/chromium; null when neither is usable. */
export function findChromium() {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) return executable(configured) ? configured : null;
  return executable('/usr/bin/chromium') ? '/usr/bin/chromium' : null;
}
