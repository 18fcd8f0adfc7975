import { describe, expect, it } from 'vitest';
import type { ValidationIssue } from '../../src/domain/apiErrors';
import { jsonSchemaOf } from '../../src/domain/jsonSchemaOf';
import { THEME_ANSWER, THEME_COLOR_INVALID, themeSettingsSchema } from '../../src/domain/schemas/theme';
import {
  DEFAULT_THEME,
  DEFAULT_THEME_SETTINGS,
  THEME_IMAGE_MAX_BYTES,
  THEME_IMAGE_SIZE_ERROR,
  THEME_IMAGE_TYPE_ERROR,
  type Theme,
} from '../../src/domain/theme';
import { themeContrastProblems } from '../../src/domain/themeContrast';
import { DEMO_IDS } from '../../server/demo/seed';
import { STORED_NAME } from '../../server/files/store';
import { useCatalogueApp, type Account, type Client } from './catalogueClient';
import { login, type TestApp } from './helpers';

/** Themes (/api/themes) and their images (/api/storage/riskmanager/{file}). */

let t: TestApp;
let as: Record<Account, Client>;
useCatalogueApp((app, clients) => {
  t = app;
  as = clients;
});

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const SAFE_SVG = '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#00796b"/></svg>';

const readTheme = async (riskManager?: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/themes${riskManager ? `?riskManager=${riskManager}` : ''}` })).json<Theme>();

const settings = (primary: string, extra: Record<string, unknown> = {}) => ({
  ...DEFAULT_THEME_SETTINGS,
  colors: { ...DEFAULT_THEME_SETTINGS.colors, primary },
  ...extra,
});

/** A raw-body upload (the image is the request body) with `token`, or anonymous with null. */
const upload = (token: string | null, kind: string, body: Buffer | string, type = 'image/png', query = '') =>
  t.app.inject({
    method: 'POST',
    url: `/api/themes/images/${kind}${query}`,
    headers: { 'content-type': type, ...(token ? { 'x-access-token': token } : {}) },
    payload: body,
  });

const tokenOf = (email: string) => login(t.app, email);

describe('themes', () => {
  it('reads publicly: the default theme without (or with an unknown) risk manager, each demo tenant its own', async () => {
    expect(await readTheme()).toEqual(DEFAULT_THEME);
    expect(await readTheme('5f00000000000000000000ff')).toEqual(DEFAULT_THEME);
    expect(await readTheme('../etc')).toEqual(DEFAULT_THEME);
    const demo = await readTheme(DEMO_IDS.riskManager);
    const norte = await readTheme(DEMO_IDS.riskManagerNorte);
    expect(demo.riskManager).toBe(DEMO_IDS.riskManager);
    expect(demo.colors.primary).toBe('#00796b');
    expect(norte.colors.primary).toBe('#5e35b1');
    expect(norte.fontFamily).toBe('Sistema');
  });

  it('a risk-manager admin edits its own theme only; other roles and tenants are refused and nothing changes', async () => {
    const own = await as.gestor.put('/api/themes', settings('#123456'));
    expect(own.statusCode).toBe(200);
    expect(own.json<Theme>().colors.primary).toBe('#123456');
    expect((await readTheme(DEMO_IDS.riskManager)).colors.primary).toBe('#123456');

    expect((await as.gestor.put('/api/themes', settings('#abcdef', { riskManager: DEMO_IDS.riskManagerNorte }))).statusCode).toBe(403);
    for (const who of ['operador', 'ti', 'prestador'] as const) {
      expect((await as[who].put('/api/themes', settings('#abcdef'))).statusCode).toBe(403);
    }
    const anonymous = await t.app.inject({ method: 'PUT', url: '/api/themes', payload: settings('#abcdef') });
    expect(anonymous.statusCode).toBe(401);
    expect((await readTheme(DEMO_IDS.riskManagerNorte)).colors.primary).toBe('#5e35b1');
    expect((await readTheme(DEMO_IDS.riskManager)).colors.primary).toBe('#123456');

    const norte = await as.norte.put('/api/themes', settings('#222222'));
    expect(norte.json<Theme>().riskManager).toBe(DEMO_IDS.riskManagerNorte);
    expect((await readTheme(DEMO_IDS.riskManager)).colors.primary).toBe('#123456');
  });

  it('a platform admin names the risk manager; without one it is a 400 in Portuguese', async () => {
    const missing = await as.admin.put('/api/themes', settings('#333333'));
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ errors: ValidationIssue[] }>().errors).toEqual([
      expect.objectContaining({ code: 'missingRiskManager', path: 'riskManager', message: 'Gestora de risco não informada' }),
    ]);
    const named = await as.admin.put('/api/themes', settings('#333333', { riskManager: DEMO_IDS.riskManagerNorte }));
    expect(named.statusCode).toBe(200);
    expect((await readTheme(DEMO_IDS.riskManagerNorte)).colors.primary).toBe('#333333');
  });

  it('bad input (colours, bounds, wrong types, control characters, over-long overrides) is a 400 and changes nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [settings('red'), 'colors.primary', THEME_COLOR_INVALID],
      [settings('#00796b', { fontSizes: { ...DEFAULT_THEME_SETTINGS.fontSizes, body: 200 } }), 'fontSizes.body', 'Valor máximo: 40'],
      [settings('#00796b', { radius: -1 }), 'radius', 'Valor mínimo: 0'],
      [settings('#00796b', { spacing: '8' }), 'spacing', 'Tipo de valor inválido'],
      // A closed list: a control character is simply not one of the options.
      [settings('#00796b', { fontFamily: 'Roboto\u0000' }), 'fontFamily', 'Opção inválida'],
      [settings('#00796b', { fontFamily: 'Comic Sans' }), 'fontFamily', 'Opção inválida'],
      [settings('#00796b', { components: [] }), 'components', 'Tipo de valor inválido'],
      [settings('#00796b', { components: { MuiButton: { x: 'y'.repeat(5000) } } }), 'components', 'Personalizações de componentes inválidas'],
      [settings('#00796b', { components: { '<script>': {} } }), 'components', 'Personalizações de componentes inválidas'],
    ];
    for (const [body, path, message] of cases) {
      const response = await as.gestor.put('/api/themes', body);
      expect(response.statusCode, path).toBe(400);
      const issue = response.json<{ errors: ValidationIssue[] }>().errors.find((e) => e.path === path);
      expect(issue?.message, path).toBe(message);
    }
    expect((await readTheme(DEMO_IDS.riskManager)).colors.primary).toBe('#00796b');
  });

  it('a theme whose colours would not read at WCAG AA is a 400 with the ratio and a shade, and nothing is saved', async () => {
    const before = await readTheme(DEMO_IDS.riskManager);
    const response = await as.gestor.put('/api/themes', settings('#ff400d', { radius: 2, colors: { ...DEFAULT_THEME_SETTINGS.colors, primary: '#ff400d', background: '#ffffff' } }));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: ValidationIssue[] }>().errors).toEqual([
      { code: 'contrast', path: 'colors.primary', message: themeContrastProblems({ ...DEFAULT_THEME_SETTINGS.colors, primary: '#ff400d', background: '#ffffff' })[0]?.message },
    ]);
    expect(response.json<{ errors: ValidationIssue[] }>().errors[0]?.message).toMatch(/^Contraste 3,5:1 entre o texto branco e #ff400d; o mínimo é 4,5:1\. Sugestão: #[0-9a-f]{6}$/);
    expect(await readTheme(DEMO_IDS.riskManager)).toEqual(before);
  });

  // The answer's schema is written out for its type; the settings in it are the ones the shared schema accepts.
  it('answers the settings the shared schema accepts, then the risk manager and the images', () => {
    const { riskManager: _owner, ...settings } = jsonSchemaOf(themeSettingsSchema, 'response').properties as Record<string, unknown>;
    const { components, riskManager, images, ...answered } = THEME_ANSWER.properties;
    expect(Object.keys(THEME_ANSWER.properties)).toEqual([...Object.keys(settings), 'riskManager', 'images']);
    expect({ ...answered, components }).toEqual({ ...settings, components: { type: 'object', additionalProperties: true } });
    expect([riskManager, images.required]).toEqual([{ type: ['string', 'null'] }, ['menuLogo', 'loginLogo', 'loginArt']]);
  });

  it('the default theme and the seeded demo themes read at WCAG AA', async () => {
    for (const riskManager of [undefined, DEMO_IDS.riskManager, DEMO_IDS.riskManagerNorte]) {
      expect(themeContrastProblems((await readTheme(riskManager)).colors), riskManager ?? 'default').toEqual([]);
    }
  });
});

describe('theme images', () => {
  it('stores an image under a generated name, served publicly with inert headers; a new upload replaces the old file', async () => {
    const gestor = await tokenOf('gestor@demo.com.br');
    const first = await upload(gestor, 'menuLogo', PNG);
    expect(first.statusCode).toBe(200);
    const name = first.json<Theme>().images.menuLogo ?? '';
    expect(name).toMatch(STORED_NAME);
    expect(name.endsWith('.png')).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: `/api/storage/riskmanager/${name}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.headers['content-disposition']).toBe(`inline; filename="${name}"`);
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const svg = await upload(gestor, 'menuLogo', SAFE_SVG, 'image/svg+xml');
    expect(svg.statusCode).toBe(200);
    const svgName = svg.json<Theme>().images.menuLogo ?? '';
    expect(svgName.endsWith('.svg')).toBe(true);
    const servedSvg = await t.app.inject({ method: 'GET', url: `/api/storage/riskmanager/${svgName}` });
    expect(servedSvg.headers['content-type']).toBe('image/svg+xml');
    expect((await t.app.inject({ method: 'GET', url: `/api/storage/riskmanager/${name}` })).statusCode).toBe(404);
  });

  it('refuses by content: renamed HTML, SVG with script, handlers or foreignObject, a PDF, an oversized file', async () => {
    const gestor = await tokenOf('gestor@demo.com.br');
    const refusals: [Buffer | string, string, string][] = [
      ['<!doctype html><html><script>alert(1)</script></html>', 'image/png', THEME_IMAGE_TYPE_ERROR],
      ['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/svg+xml', THEME_IMAGE_TYPE_ERROR],
      ['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>', 'image/svg+xml', THEME_IMAGE_TYPE_ERROR],
      ['<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><p>x</p></foreignObject></svg>', 'image/svg+xml', THEME_IMAGE_TYPE_ERROR],
      ['<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><rect/></a></svg>', 'image/svg+xml', THEME_IMAGE_TYPE_ERROR],
      ['%PDF-1.4\n%…', 'application/octet-stream', THEME_IMAGE_TYPE_ERROR],
      [Buffer.concat([PNG, Buffer.alloc(THEME_IMAGE_MAX_BYTES)]), 'image/png', THEME_IMAGE_SIZE_ERROR],
    ];
    for (const [body, type, message] of refusals) {
      const response = await upload(gestor, 'loginArt', body, type);
      expect(response.statusCode, String(body).slice(0, 40)).toBe(400);
      expect(response.json<{ error: string }>().error).toBe(message);
    }
    expect((await upload(gestor, 'loginArt', PNG, 'text/html')).statusCode).toBe(415);
    expect((await upload(gestor, 'wallpaper', PNG)).statusCode).toBe(400);
    expect((await readTheme(DEMO_IDS.riskManager)).images.loginArt).toBeNull();
  });

  it('only the tenant’s admin uploads to its theme; names are validated when served', async () => {
    const operador = await tokenOf('operador@demo.com.br');
    const norte = await tokenOf('gestor.norte@demo.com.br');
    expect((await upload(null, 'menuLogo', PNG)).statusCode).toBe(401);
    expect((await upload(operador, 'menuLogo', PNG)).statusCode).toBe(403);
    expect((await upload(norte, 'menuLogo', PNG, 'image/png', `?riskManager=${DEMO_IDS.riskManager}`)).statusCode).toBe(403);
    expect((await readTheme(DEMO_IDS.riskManager)).images.menuLogo).toBeNull();
    for (const file of ['..%2F..%2Fjwt-secret', '..%2Fjwt-secret', 'jwt-secret', '5f0000000000000000000001.html', '%2e%2e']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/storage/riskmanager/${file}` });
      expect(response.statusCode, file).toBe(404);
    }
  });
});
