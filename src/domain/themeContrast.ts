/**
 * A theme cannot make the app unreadable (WCAG 2.1 AA, 1.4.3: 4.5:1 for normal text): each colour
 * an admin picks is checked against what the app draws with it. The editor shows the refusal under
 * the colour's field and the server answers it as a 400, from this one rule (schemas/theme.ts).
 *
 * How the app uses the colours (light mode; the dark mode derives its own, brandTokens.ts):
 * - 'Texto' is read on the page, on the cards and on the side menu;
 * - 'Cor principal' and 'Cor secundária' fill buttons, the active menu item and chips under white
 *   text, and are themselves text on the page and the cards (links, tabs, outlined buttons).
 */
import { AA_TEXT_CONTRAST, contrastRatio, readableOn } from './contrast';
import { THEME_COLOR_LABELS, type ThemeColorKey } from './theme';

/** The text the app draws on the brand colours (MUI's contrastText for them). */
export const TEXT_ON_BRAND = '#ffffff';

/** What a colour is read with: another theme colour, or the white text of the brand's buttons. */
type Partner = ThemeColorKey | typeof TEXT_ON_BRAND;

const PARTNERS: Partial<Record<ThemeColorKey, readonly Partner[]>> = {
  text: ['background', 'surface', 'menu'],
  primary: [TEXT_ON_BRAND, 'background', 'surface'],
  secondary: [TEXT_ON_BRAND, 'background', 'surface'],
};

export interface ContrastProblem {
  key: ThemeColorKey;
  message: string;
}

const ratioText = (ratio: number) => `${(Math.floor(ratio * 10) / 10).toLocaleString('pt-BR', { minimumFractionDigits: 1 })}:1`;
const MINIMUM = `${AA_TEXT_CONTRAST.toLocaleString('pt-BR')}:1`;

/**
 * The colours of `colors` that do not read at AA with what the app draws with them, each with its
 * weakest pair, the ratio (rounded down, never flattering) and a shade of the same colour that
 * passes against that pair. Empty when the theme is readable.
 */
export function themeContrastProblems(colors: Readonly<Record<ThemeColorKey, string>>): ContrastProblem[] {
  const problems: ContrastProblem[] = [];
  for (const [key, partners] of Object.entries(PARTNERS) as [ThemeColorKey, readonly Partner[]][]) {
    const color = colors[key];
    const pairs = partners.map((partner) => {
      const against = partner === TEXT_ON_BRAND ? TEXT_ON_BRAND : colors[partner];
      return { partner, against, ratio: contrastRatio(color, against) };
    });
    const weakest = pairs.reduce((a, b) => (b.ratio < a.ratio ? b : a));
    if (weakest.ratio >= AA_TEXT_CONTRAST) continue;
    // The shade is fitted to the weakest pair first, then to each other pair in turn.
    let shade = color;
    for (const pair of [...pairs].sort((a, b) => a.ratio - b.ratio)) shade = readableOn(shade, pair.against);
    const between =
      weakest.partner === TEXT_ON_BRAND
        ? `o texto branco e ${color}`
        : `${THEME_COLOR_LABELS[key]} (${color}) e ${THEME_COLOR_LABELS[weakest.partner]} (${weakest.against})`;
    problems.push({ key, message: `Contraste ${ratioText(weakest.ratio)} entre ${between}; o mínimo é ${MINIMUM}. Sugestão: ${shade}` });
  }
  return problems;
}
