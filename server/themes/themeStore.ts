import { eq } from 'drizzle-orm';
import { DEFAULT_THEME, type Theme, type ThemeImageKind, type ThemeSettings } from '../../src/domain/theme';
import type { Db } from '../db/client';
import { riskManagers, themes } from '../db/schema';

/** Reading and writing the themes table as the API's Theme (src/domain/theme.ts). */

type ThemeRow = typeof themes.$inferSelect;

export const themeOf = (riskManager: string, row: ThemeRow | null): Theme =>
  row
    ? {
        riskManager,
        fontFamily: row.fontFamily,
        fontSizes: row.fontSizes,
        spacing: row.spacing,
        radius: row.radius,
        colors: row.colors,
        scrollbar: row.scrollbar,
        components: row.components,
        images: { menuLogo: row.menuLogo, loginLogo: row.loginLogo, loginArt: row.loginArt },
      }
    : { ...DEFAULT_THEME, riskManager };

/** The risk manager's theme (the default one, with its id, when it has none); null when it does not exist. */
export async function findTheme(db: Db, riskManager: string): Promise<Theme | null> {
  const [row] = await db
    .select({ id: riskManagers.id, theme: themes })
    .from(riskManagers)
    .leftJoin(themes, eq(themes.riskManager, riskManagers.id))
    .where(eq(riskManagers.id, riskManager))
    .limit(1);
  return row ? themeOf(row.id, row.theme) : null;
}

const settingsColumns = (s: ThemeSettings) => ({
  fontFamily: s.fontFamily,
  fontSizes: s.fontSizes,
  spacing: s.spacing,
  radius: s.radius,
  colors: s.colors,
  scrollbar: s.scrollbar,
  components: s.components,
});

/** Upserts the settings, keeping the images. */
export async function saveSettings(db: Db, riskManager: string, settings: ThemeSettings): Promise<void> {
  const columns = settingsColumns(settings);
  await db
    .insert(themes)
    .values({ riskManager, ...columns })
    .onConflictDoUpdate({ target: themes.riskManager, set: columns });
}

const IMAGE_COLUMN = { menuLogo: 'menuLogo', loginLogo: 'loginLogo', loginArt: 'loginArt' } as const;

/** Sets one image (creating the row from `current` when the risk manager had none); answers the file it replaced. */
export async function saveImage(db: Db, current: Theme, kind: ThemeImageKind, file: string | null): Promise<string | null> {
  const riskManager = current.riskManager;
  if (!riskManager) throw new Error('tema padrão não tem imagens');
  const column = IMAGE_COLUMN[kind];
  await db
    .insert(themes)
    .values({ riskManager, ...settingsColumns(current), [column]: file })
    .onConflictDoUpdate({ target: themes.riskManager, set: { [column]: file } });
  return current.images[kind];
}
