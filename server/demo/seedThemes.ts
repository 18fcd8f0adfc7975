import { DEFAULT_THEME_SETTINGS, THEME_IMAGE_FOLDER, type ThemeSettings } from '../../src/domain/theme';
import type { Storage } from '../files/store';
import type { Db } from '../db/client';
import { DEMO_IDS } from './demoIds';
import { themes } from '../db/schema';

/**
 * The demo tenants' themes: each its own colours, font and logo, so the per-risk-manager look can
 * be seen side by side (/?gr=5f0000000000000000000001 and /?gr=5f0000000000000000000002).
 */
const logo = (name: string, color: string, ink: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 220 56" role="img" aria-label="${name}">
  <rect x="6" y="6" width="44" height="44" rx="10" fill="${color}"/>
  <path d="M16 36 28 16l12 20H16Z" fill="#ffffff"/>
  <text x="60" y="26" font-family="Roboto, Arial, sans-serif" font-size="18" font-weight="700" fill="${ink}">Gerenciadora</text>
  <text x="60" y="47" font-family="Roboto, Arial, sans-serif" font-size="18" font-weight="400" fill="${color}">${name}</text>
</svg>
`,
  );

const art = (from: string, to: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 600" preserveAspectRatio="xMidYMid slice">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="400" height="600" fill="url(#g)"/>
  <path d="M0 420 C120 360 240 480 400 400 V600 H0Z" fill="#ffffff" fill-opacity="0.12"/>
  <path d="M200 170 140 194v46c0 40 26 71 60 80 34-9 60-40 60-80v-46Z" fill="#ffffff" fill-opacity="0.85"/>
</svg>
`,
  );

interface DemoTheme {
  riskManager: string;
  settings: ThemeSettings;
  logo: Buffer;
  art: Buffer;
}

export const DEMO_THEMES: DemoTheme[] = [
  {
    riskManager: DEMO_IDS.riskManager,
    settings: {
      ...DEFAULT_THEME_SETTINGS,
      colors: { ...DEFAULT_THEME_SETTINGS.colors, primary: '#00796b', secondary: '#004d40', background: '#f1f6f5' },
      radius: 12,
    },
    logo: logo('Demo', '#00796b', '#1f2933'),
    art: art('#00796b', '#004d40'),
  },
  {
    riskManager: DEMO_IDS.riskManagerNorte,
    settings: {
      ...DEFAULT_THEME_SETTINGS,
      fontFamily: 'Sistema',
      colors: { ...DEFAULT_THEME_SETTINGS.colors, primary: '#5e35b1', secondary: '#311b92', background: '#f4f2fa', menu: '#ede7f6' },
      radius: 4,
    },
    logo: logo('Norte', '#5e35b1', '#1f2933'),
    art: art('#5e35b1', '#311b92'),
  },
];

/** Inserts the demo themes; with a storage their images are stored too (the e2e and `npm start`). */
export async function seedThemes(db: Db, storage?: Storage): Promise<void> {
  for (const demo of DEMO_THEMES) {
    const images = { menuLogo: null as string | null, loginLogo: null as string | null, loginArt: null as string | null };
    if (storage) {
      const rules = { types: ['svg'] as const, maxBytes: 64 * 1024 };
      const stored = [await storage.save(THEME_IMAGE_FOLDER, demo.logo, rules), await storage.save(THEME_IMAGE_FOLDER, demo.art, rules)];
      const [logoFile, artFile] = stored.map((s) => (typeof s === 'string' ? null : s.name));
      images.menuLogo = logoFile ?? null;
      images.loginLogo = logoFile ?? null;
      images.loginArt = artFile ?? null;
    }
    await db.insert(themes).values({ riskManager: demo.riskManager, ...demo.settings, ...images });
  }
}
