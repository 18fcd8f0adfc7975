import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchApi } from './api';
import { benchBundle } from './bundleSize';
import { benchChat } from './chat';
import { benchCities } from './cities';
import { benchField } from './field';
import { benchFieldReplay } from './fieldReplay';
import { benchLive } from './live';
import { benchLiveMix } from './liveMix';
import { benchMonitoring } from './monitoring';
import { benchReports } from './reports';
import { benchLanding } from './landing';
import { benchTracking } from './tracking';
import { benchPdf } from './pdf';
import { benchPositions } from './positions';
import type { Figure } from './common';
import { benchStartup } from './startup';
import { benchUpload } from './upload';
import { benchWebhooks } from './webhooks';

/**
 * npm run bench [-- startup api bundle cities landing tracking monitoring live livemix upload chat pdf
 * reports field
 * positions webhooks]: the performance budget (targets and sections: docs/performance.md).
 * Each section prints its figures as it goes; a summary is written to bench/results/latest.json.
 * Exit code 1 when a figure with a target misses it.
 */
const SECTIONS: Record<string, () => Promise<Figure[]>> = {
  startup: () => benchStartup(),
  api: () => benchApi(),
  bundle: () => benchBundle(),
  cities: () => benchCities(),
  monitoring: () => benchMonitoring(),
  landing: () => benchLanding(),
  tracking: () => benchTracking(),
  live: () => benchLive(),
  livemix: () => benchLiveMix(),
  upload: () => benchUpload(),
  chat: () => benchChat(),
  pdf: () => benchPdf(),
  reports: () => benchReports(),
  field: () => benchField(benchFieldReplay),
  positions: () => benchPositions(),
  webhooks: () => benchWebhooks(),
};

const requested = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = requested.filter((name) => !(name in SECTIONS));
if (unknown.length > 0) {
  console.error(`Seções desconhecidas: ${unknown.join(', ')}. Disponíveis: ${Object.keys(SECTIONS).join(', ')}`);
  process.exit(2);
}

const figures: Figure[] = [];
for (const name of requested.length > 0 ? requested : Object.keys(SECTIONS)) {
  const section = SECTIONS[name];
  if (section) figures.push(...(await section()));
}

const dir = join(import.meta.dirname, 'results');
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'latest.json'), JSON.stringify({ at: new Date().toISOString(), figures }, null, 2));
const missed = figures.filter((f) => f.ok === false);
console.log(`\n${figures.length} medidas; ${missed.length} acima do alvo${missed.length ? `: ${missed.map((f) => f.name).join('; ')}` : ''}`);
process.exit(missed.length > 0 ? 1 : 0);
