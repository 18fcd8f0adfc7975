// The build's service worker (docs/rules/field-app.md): src/serviceWorker/worker.ts bundled by
// esbuild into dist/sw.js with the list of the files this build produced (its precache: the app
// shell, hashed assets, the public icons and manifest) and a version made from that list and the
// worker's own code. A new deploy changes sw.js, so the browser installs the new worker, which
// waits for the page's 'Atualizar'.
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

/** What the worker precaches: code, styles, the woff2 fonts (every browser that runs a worker reads woff2), icons, the page. */
const PRECACHED = /\.(js|css|woff2|svg|png|webmanifest|html)$/;

export function serviceWorker({ root, entry = 'src/serviceWorker/worker.ts', publicDir = 'public' }) {
  return {
    name: 'pronta-resposta-service-worker',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const built = Object.keys(bundle);
      const published = readdirSync(join(root, publicDir));
      // index.html is emitted by Vite's own HTML step, which may come after this one: named here.
      const precache = [...new Set([...built, ...published, 'index.html'])]
        .filter((file) => PRECACHED.test(file) && file !== 'sw.js')
        .map((file) => `/${file}`)
        .sort();
      const compile = (version) =>
        build({
          entryPoints: [join(root, entry)],
          bundle: true,
          write: false,
          format: 'iife',
          target: 'es2022',
          minify: true,
          define: { __PRECACHE__: JSON.stringify(precache), __BUILD__: JSON.stringify(version) },
        }).then((result) => result.outputFiles[0].text);
      // The version names the precache: the same files and worker code give the same sw.js byte for byte.
      const version = createHash('sha256').update(JSON.stringify(precache)).update(await compile('')).digest('hex').slice(0, 16);
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: await compile(version) });
    },
  };
}
