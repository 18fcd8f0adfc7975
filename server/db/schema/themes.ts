import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { ThemeColorKey, ThemeFont, ThemeFontSizeKey, ThemeScrollbar } from '../../../src/domain/theme';
import { refColumn, updatedAt } from './columns';
import { riskManagers } from './companies';

/**
 * One theme per risk manager (docs/rules/themes.md); a risk manager without a row uses the default
 * theme (src/domain/theme.ts). Images are file names in DATA_DIR/storage/riskmanager.
 */
export const themes = pgTable('themes', {
  riskManager: refColumn('risk_manager_id')
    .primaryKey()
    .references(() => riskManagers.id, { onDelete: 'cascade' }),
  fontFamily: text('font_family').$type<ThemeFont>().notNull(),
  fontSizes: jsonb('font_sizes').$type<Record<ThemeFontSizeKey, number>>().notNull(),
  spacing: integer('spacing').notNull(),
  radius: integer('radius').notNull(),
  colors: jsonb('colors').$type<Record<ThemeColorKey, string>>().notNull(),
  scrollbar: jsonb('scrollbar').$type<ThemeScrollbar>().notNull(),
  components: jsonb('components').$type<Record<string, unknown>>().notNull(),
  menuLogo: text('menu_logo'),
  loginLogo: text('login_logo'),
  loginArt: text('login_art'),
  updatedAt: updatedAt(),
});
