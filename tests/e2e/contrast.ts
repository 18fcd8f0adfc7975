/**
 * WCAG 2 contrast of text as Chromium paints it: the element's computed colour over the backgrounds
 * of it and its ancestors composited from the page down (alpha included), the text colour's own
 * alpha blended over that. WCAG AA asks 4.5:1 of normal text.
 */
import type { Locator } from 'playwright-core';

export const AA_NORMAL_TEXT = 4.5;

type Rgba = [number, number, number, number];

function parse(css: string): Rgba {
  const match = /^rgba?\(([^)]+)\)$/.exec(css.trim());
  if (!match?.[1]) throw new Error(`colour not understood: ${css}`);
  const parts = match[1].split(/[\s,/]+/).filter(Boolean).map(Number);
  const [r = 0, g = 0, b = 0, a = 1] = parts;
  return [r, g, b, a];
}

const over = ([r, g, b, a]: Rgba, [br, bg, bb]: Rgba): Rgba => [r * a + br * (1 - a), g * a + bg * (1 - a), b * a + bb * (1 - a), 1];

function luminance([r, g, b]: Rgba): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The ratio between two opaque colours, 1 to 21. */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The element's text colour and the backgrounds of it and its ancestors, from the element up. */
const paints = (locator: Locator) =>
  locator.evaluate((element) => {
    const layers: string[] = [];
    for (let node: Element | null = element; node; node = node.parentElement) layers.push(getComputedStyle(node).backgroundColor);
    return { color: getComputedStyle(element).color, backgrounds: layers };
  });

const composited = (backgrounds: string[]): Rgba => [...backgrounds].reverse().reduce<Rgba>((base, layer) => over(parse(layer), base), [255, 255, 255, 1]);

/** The contrast of the text of the element `locator` points at, against what is painted behind it. */
export async function textContrast(locator: Locator): Promise<number> {
  const { color, backgrounds } = await paints(locator);
  const behind = composited(backgrounds);
  return contrastRatio(over(parse(color), behind), behind);
}

/** The contrast of a colour drawn inside the element (an image's words, #rrggbb) against what is painted behind the element. */
export async function inkContrast(locator: Locator, ink: string): Promise<number> {
  const hex = ink.replace('#', '');
  const rgb: Rgba = [parseInt(hex.slice(0, 2), 16), parseInt(hex.slice(2, 4), 16), parseInt(hex.slice(4, 6), 16), 1];
  return contrastRatio(rgb, composited((await paints(locator)).backgrounds));
}
