// The build's text files also written compressed (docs/performance.md, "Arquivos comprimidos"): each
// script, style, page and icon of dist/ gets a .br (brotli) and a .gz sibling, which the server sends
// to a browser that accepts them (server/http/plugins/spa.ts, @fastify/static preCompressed). A phone
// on a weak signal downloads a third of the bytes, with no proxy in front and no CPU spent per request.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest)$/;
/** Below this, the headers cost more than compression saves (and @fastify/static sends those as they are). */
const MIN_BYTES = 1024;

export function precompress() {
  return {
    name: 'pronta-resposta-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const file of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const path = join(options.dir, file);
        const bytes = readFileSync(path);
        if (bytes.length < MIN_BYTES) continue;
        writeFileSync(`${path}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
        writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}
