/**
 * A local stand-in for the address upstreams (no internet in tests): one node:http server answering
 * the ViaCEP shape under /ws/{cep}/json/ and the Nominatim shapes under /search and /reverse, for a
 * few fixed places. Used by the server and UI tests, by the e2e harness (CEP_UPSTREAM_URL /
 * GEOCODE_UPSTREAM_URL), and for demos of `npm start`:
 *
 *     node --import tsx tests/stubs/addressUpstream.ts 4010
 *     CEP_UPSTREAM_URL=http://127.0.0.1:4010/ws GEOCODE_UPSTREAM_URL=http://127.0.0.1:4010 npm start
 *
 * `setMode` makes it fail on purpose: 'error' answers 503, 'garbage' answers 200 with a body that is
 * no JSON, 'wrongShape' valid JSON of the wrong shape, and `delayMs` holds every answer back.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

export interface StubPlace {
  cep: string;
  logradouro: string;
  complemento: string;
  bairro: string;
  localidade: string;
  uf: string;
  estado: string;
  lat: number;
  lon: number;
  houseNumber: string;
}

/** The places the stub knows; the tests and the e2e flows type these CEPs and addresses. */
export const STUB_PLACES = {
  paulista: {
    cep: '01310-100',
    logradouro: 'Avenida Paulista',
    complemento: 'de 612 a 1510 - lado par',
    bairro: 'Bela Vista',
    localidade: 'São Paulo',
    uf: 'SP',
    estado: 'São Paulo',
    lat: -23.561414,
    lon: -46.655881,
    houseNumber: '1000',
  },
  rioBranco: {
    cep: '20040-002',
    logradouro: 'Avenida Rio Branco',
    complemento: '',
    bairro: 'Centro',
    localidade: 'Rio de Janeiro',
    uf: 'RJ',
    estado: 'Rio de Janeiro',
    lat: -22.903539,
    lon: -43.177474,
    houseNumber: '1',
  },
  curitiba: {
    cep: '80010-010',
    logradouro: 'Rua Quinze de Novembro',
    complemento: '',
    bairro: 'Centro',
    localidade: 'Curitiba',
    uf: 'PR',
    estado: 'Paraná',
    lat: -25.429596,
    lon: -49.271272,
    houseNumber: '300',
  },
} as const satisfies Record<string, StubPlace>;

/** ViaCEP answers `{erro: true}` for this CEP (well formed, no such street). */
export const STUB_UNKNOWN_CEP = '99999-999';

export type StubMode = 'normal' | 'error' | 'garbage' | 'wrongShape';

export interface AddressUpstream {
  /** The ViaCEP-compatible base (CEP_UPSTREAM_URL). */
  cepUrl: string;
  /** The Nominatim-compatible base (GEOCODE_UPSTREAM_URL). */
  geocodeUrl: string;
  /** Every request received (path and query), oldest first; tests clear it with `length = 0`. */
  requests: string[];
  /** The User-Agent of the last geocoding request. */
  lastUserAgent(): string | undefined;
  setMode(mode: StubMode, delayMs?: number): void;
  close(): Promise<void>;
}

const places: StubPlace[] = Object.values(STUB_PLACES);
const digits = (text: string) => text.replace(/\D/g, '');
const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

function viaCep(cep: string): unknown {
  const place = places.find((p) => digits(p.cep) === cep);
  if (!place) return { erro: true };
  const { cep: formatted, logradouro, complemento, bairro, localidade, uf, estado } = place;
  return { cep: formatted, logradouro, complemento, unidade: '', bairro, localidade, uf, estado, regiao: 'Sudeste', ibge: '', gia: '', ddd: '11', siafi: '' };
}

/** A place whose street and city both appear in the query (accents and case ignored). */
function search(query: string): unknown {
  const q = plain(query);
  const place = places.find((p) => q.includes(plain(p.logradouro)) && q.includes(plain(p.localidade)));
  return place ? [{ place_id: 1, lat: String(place.lat), lon: String(place.lon), display_name: `${place.logradouro}, ${place.localidade}` }] : [];
}

/** The known place within about 1 km, as Nominatim's jsonv2 reverse answer. */
function reverse(lat: number, lon: number): unknown {
  const place = places.find((p) => Math.abs(p.lat - lat) < 0.01 && Math.abs(p.lon - lon) < 0.01);
  if (!place) return { error: 'Unable to geocode' };
  return {
    lat: String(place.lat),
    lon: String(place.lon),
    address: {
      house_number: place.houseNumber,
      road: place.logradouro,
      suburb: place.bairro,
      city: place.localidade,
      state: place.estado,
      'ISO3166-2-lvl4': `BR-${place.uf}`,
      postcode: place.cep,
      country: 'Brasil',
      country_code: 'br',
    },
  };
}

function answerOf(url: URL): { status: number; body: unknown } {
  const cep = /^\/ws\/([^/]+)\/json\/?$/.exec(url.pathname);
  if (cep?.[1]) return /^\d{8}$/.test(cep[1]) ? { status: 200, body: viaCep(cep[1]) } : { status: 400, body: 'Bad Request' };
  if (url.pathname === '/search') return { status: 200, body: search(url.searchParams.get('q') ?? '') };
  if (url.pathname === '/reverse') {
    return { status: 200, body: reverse(Number(url.searchParams.get('lat')), Number(url.searchParams.get('lon'))) };
  }
  return { status: 404, body: 'Not Found' };
}

export interface StubOptions {
  /** Default: any free port. */
  port?: number;
  /** Let the process exit while the stub listens (the e2e harness keeps one for a whole run). */
  unref?: boolean;
}

export async function startAddressUpstream({ port = 0, unref = false }: StubOptions = {}): Promise<AddressUpstream> {
  let mode: StubMode = 'normal';
  let delayMs = 0;
  let userAgent: string | undefined;
  const requests: string[] = [];

  const respond = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    if (url.pathname !== '/' && !url.pathname.startsWith('/ws/')) userAgent = req.headers['user-agent'];
    if (mode === 'error') return void res.writeHead(503, { 'content-type': 'text/html' }).end('<h1>Service Unavailable</h1>');
    if (mode === 'garbage') return void res.writeHead(200, { 'content-type': 'application/json' }).end('<html>oops');
    if (mode === 'wrongShape') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"unexpected":[1,2,3]}');
    const { status, body } = answerOf(url);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    requests.push(url.pathname + url.search);
    if (delayMs > 0) setTimeout(() => respond(req, res), delayMs);
    else respond(req, res);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  if (unref) server.unref();
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    cepUrl: `${base}/ws`,
    geocodeUrl: base,
    requests,
    lastUserAgent: () => userAgent,
    setMode(next, delay = 0) {
      mode = next;
      delayMs = delay;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// Run directly: a stub for demos of `npm start` (see the header).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const stub = await startAddressUpstream({ port: Number(process.argv[2] ?? 4010) });
  console.log(`CEP_UPSTREAM_URL=${stub.cepUrl} GEOCODE_UPSTREAM_URL=${stub.geocodeUrl}`);
}
