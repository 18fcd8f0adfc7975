/**
 * WCAG 2 contrast of the theme's colours (#rgb, #rrggbb, rgb() and rgba(), the forms the theme
 * editor, MUI's palettes and the dark surfaces use): what keeps a text readable on its background.
 * AA asks 4.5:1 of normal text (WCAG 1.4.3). A translucent text is seen over its background, and a
 * translucent background over white. No MUI here: the landing page uses it too.
 */
export const AA_TEXT_CONTRAST = 4.5;

type Rgba = [number, number, number, number];

function parse(color: string): Rgba {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim())?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
    return [r, g, b, 1];
  }
  const fn = /^rgba?\(([^)]+)\)$/i.exec(color.trim())?.[1];
  const parts = fn?.split(/[\s,/]+/).filter(Boolean).map(Number) ?? [];
  if (parts.length < 3 || parts.some((n) => Number.isNaN(n))) throw new RangeError(`colour not understood: ${color}`);
  const [r = 0, g = 0, b = 0, a = 1] = parts;
  return [r, g, b, a];
}

/** `top` seen over the opaque `under`. */
const over = ([r, g, b, a]: Rgba, [ur, ug, ub]: Rgba): Rgba => [r * a + ur * (1 - a), g * a + ug * (1 - a), b * a + ub * (1 - a), 1];

const hexOf = ([r, g, b]: Rgba) => `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

function luminance([r, g, b]: Rgba): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

const WHITE: Rgba = [255, 255, 255, 1];
const BLACK: Rgba = [0, 0, 0, 1];

function ratio(text: Rgba, background: Rgba): number {
  const behind = over(background, WHITE);
  const [hi, lo] = [luminance(over(text, behind)), luminance(behind)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The contrast ratio of `text` on `background`, 1 to 21. */
export const contrastRatio = (text: string, background: string): number => ratio(parse(text), parse(background));

/** White text on `background` when it reads at AA, else black (one of the two always does). */
export const readableTextOn = (background: string): string => (ratio(WHITE, parse(background)) >= AA_TEXT_CONTRAST ? '#ffffff' : '#000000');

/**
 * `color` when it reads at AA on `background`; else the least mix of it with black or white
 * (whichever stands further from the background) that does, so a brand colour stays recognisable.
 */
export function readableOn(color: string, background: string): string {
  const bg = parse(background);
  const from = over(parse(color), over(bg, WHITE));
  if (ratio(from, bg) >= AA_TEXT_CONTRAST) return color;
  const target = ratio(BLACK, bg) >= ratio(WHITE, bg) ? BLACK : WHITE;
  for (let step = 1; step < 20; step++) {
    const mixed = from.map((c, i) => (i === 3 ? 1 : c + (target[i]! - c) * (step / 20))) as Rgba;
    if (ratio(mixed, bg) >= AA_TEXT_CONTRAST) return hexOf(mixed);
  }
  // Black or white itself, whichever contrasts more: always at least 4.58:1.
  return hexOf(target);
}
