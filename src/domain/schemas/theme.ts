/** PUT /api/themes and the theme editor: one schema for both sides. */
import { mixed, ValidationError, type InferType } from 'yup';
import { INVALID_TYPE, maxValue, minValue } from '../messages';
import {
  HEX_COLOR,
  THEME_BOUNDS,
  THEME_COLOR_KEYS,
  THEME_COMPONENTS_MAX_CHARS,
  THEME_FONT_SIZE_KEYS,
  THEME_FONTS,
  THEME_IMAGE_KINDS,
  type Theme,
  type ThemeColorKey,
  type ThemeFontSizeKey,
} from '../theme';
import type { FromSchema } from '../fromSchema';
import { exactObject, nullableText, text } from '../jsonSchemaParts';
import { themeContrastProblems } from '../themeContrast';
import { enumField, group, optionalIdRef, strictInteger, strictString } from './fields';

export const THEME_COLOR_INVALID = 'Use uma cor no formato #rrggbb';
export const THEME_FONT_REQUIRED = 'Selecione a fonte';
export const THEME_VALUE_REQUIRED = 'Preencha o valor';
export const THEME_COMPONENTS_INVALID = 'Personalizações de componentes inválidas';

const bounded = ({ min, max }: { min: number; max: number }) =>
  strictInteger().required(THEME_VALUE_REQUIRED).min(min, minValue(min)).max(max, maxValue(max));

const color = () =>
  strictString()
    .required(THEME_COLOR_INVALID)
    .matches(HEX_COLOR, THEME_COLOR_INVALID)
    .transform((v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v));

const shapeOf = <K extends string, S>(keys: readonly K[], field: () => S) =>
  Object.fromEntries(keys.map((key) => [key, field()])) as Record<K, S>;

/** Plain JSON objects only, small, keyed by MUI component names (MuiButton…). */
const isComponentOverrides = (value: unknown): boolean => {
  if (value === undefined) return true;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  if (!Object.keys(value).every((key) => /^Mui[A-Za-z]+$/.test(key))) return false;
  const json = JSON.stringify(value);
  return json.length <= THEME_COMPONENTS_MAX_CHARS;
};

export const themeSettingsSchema = group({
  /** Platform admins name the risk manager whose theme they edit; others edit their own. */
  riskManager: optionalIdRef(),
  fontFamily: enumField(THEME_FONTS, THEME_FONT_REQUIRED),
  fontSizes: group(shapeOf<ThemeFontSizeKey, ReturnType<typeof bounded>>(THEME_FONT_SIZE_KEYS, () => bounded(THEME_BOUNDS.fontSize))),
  spacing: bounded(THEME_BOUNDS.spacing),
  radius: bounded(THEME_BOUNDS.radius),
  colors: group(shapeOf<ThemeColorKey, ReturnType<typeof color>>(THEME_COLOR_KEYS, color)).test({
    name: 'contrast',
    test(colors, context) {
      if (!THEME_COLOR_KEYS.every((key) => HEX_COLOR.test(colors[key]))) return true; // each field's own message first
      const problems = themeContrastProblems(colors);
      if (problems.length === 0) return true;
      return new ValidationError(problems.map(({ key, message }) => context.createError({ path: `colors.${key}`, message })));
    },
  }),
  scrollbar: group({ width: bounded(THEME_BOUNDS.scrollbarWidth), thumb: color(), track: color() }),
  components: mixed<Record<string, unknown>>()
    .test({ name: 'invalid_type', message: INVALID_TYPE, test: (v) => v === undefined || (typeof v === 'object' && v !== null && !Array.isArray(v)) })
    .test({ name: 'invalid_components', message: THEME_COMPONENTS_INVALID, test: isComponentOverrides })
    .default({}),
});

export type ThemeSettingsValues = InferType<typeof themeSettingsSchema>;

/** Each of `keys` answered as `field`, all present. */
const fieldsOf = <const K extends string, const F>(keys: readonly K[], field: F) =>
  exactObject(Object.fromEntries(keys.map((key) => [key, field])) as Record<K, F>);

const integerIn = <const B extends { min: number; max: number }>({ min, max }: B) => ({ type: 'integer', minimum: min, maximum: max }) as const;

/**
 * A theme as the API answers it (GET/PUT /api/themes and the image calls), as JSON Schema: the
 * settings themeSettingsSchema accepts (tests/server/themes.test.ts holds the two together), the
 * risk manager it belongs to (null: the default theme) and the stored images' names. Also the
 * serializer: nothing else of the row leaves the server. The component overrides are free JSON
 * (an object, written as it is).
 */
export const THEME_ANSWER = exactObject(
  {
    fontFamily: { type: 'string', enum: THEME_FONTS },
    fontSizes: fieldsOf(THEME_FONT_SIZE_KEYS, integerIn(THEME_BOUNDS.fontSize)),
    spacing: integerIn(THEME_BOUNDS.spacing),
    radius: integerIn(THEME_BOUNDS.radius),
    colors: fieldsOf(THEME_COLOR_KEYS, text),
    scrollbar: exactObject({ width: integerIn(THEME_BOUNDS.scrollbarWidth), thumb: text, track: text }),
    components: { type: 'object', additionalProperties: true },
    riskManager: nullableText,
    images: fieldsOf(THEME_IMAGE_KINDS, nullableText),
  },
  { description: 'O tema (o padrão, sem cliente).' },
);

// The screens' Theme (theme.ts, beside the settings the editor fills) and the answer's type are the
// same. Theme is not written as FromSchema<typeof THEME_ANSWER>: theme.ts would import this file,
// which imports theme.ts's keys, fonts and bounds (an import cycle, refused by
// tests/repo/importArrows.test.ts), so the two are held equal here at compile time instead.
type Holds<T extends true> = T;
export type ThemeAnswerMatchesType = Holds<
  [FromSchema<typeof THEME_ANSWER>] extends [Theme] ? ([Theme] extends [FromSchema<typeof THEME_ANSWER>] ? true : false) : false
>;
