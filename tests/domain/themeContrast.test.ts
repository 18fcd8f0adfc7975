/** The theme rule (WCAG 2.1 AA, 4.5:1): a theme that would draw unreadable text is refused, with a shade that passes. */
import { describe, expect, it } from 'vitest';
import { AA_TEXT_CONTRAST, contrastRatio } from '../../src/domain/contrast';
import { DEFAULT_THEME_SETTINGS, type ThemeColorKey } from '../../src/domain/theme';
import { TEXT_ON_BRAND, themeContrastProblems } from '../../src/domain/themeContrast';

const colors = (changes: Partial<Record<ThemeColorKey, string>>) => ({ ...DEFAULT_THEME_SETTINGS.colors, ...changes });
const suggestion = (message: string) => /Sugestão: (#[0-9a-f]{6})$/.exec(message)?.[1] ?? '';

describe('theme contrast rule', () => {
  it('passes the default theme', () => {
    expect(themeContrastProblems(DEFAULT_THEME_SETTINGS.colors)).toEqual([]);
  });

  it("refuses the product's orange under white text, with the ratio and a darker orange that passes", () => {
    // On white pages and cards the weakest pair is the white text of the buttons: 3.5:1.
    const [problem, ...others] = themeContrastProblems(colors({ primary: '#ff400d', background: '#ffffff' }));
    expect(others).toEqual([]);
    expect(problem?.key).toBe('primary');
    expect(problem?.message).toMatch(/^Contraste 3,5:1 entre o texto branco e #ff400d; o mínimo é 4,5:1\. Sugestão: #[0-9a-f]{6}$/);
    const shade = suggestion(problem?.message ?? '');
    expect(contrastRatio(TEXT_ON_BRAND, shade)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    expect(themeContrastProblems(colors({ primary: shade, background: '#ffffff' }))).toEqual([]);
  });

  it('names the weakest pair of a text colour, and its suggestion passes every pair', () => {
    const problems = themeContrastProblems(colors({ text: '#8a8a8a', menu: '#eeeeee' }));
    expect(problems.map((p) => p.key)).toEqual(['text']);
    expect(problems[0]?.message).toMatch(/^Contraste 2,9:1 entre Texto \(#8a8a8a\) e Fundo do menu \(#eeeeee\); o mínimo é 4,5:1\. Sugestão: #[0-9a-f]{6}$/);
    const shade = suggestion(problems[0]?.message ?? '');
    expect(themeContrastProblems(colors({ text: shade, menu: '#eeeeee' }))).toEqual([]);
  });

  it('checks the secondary colour like the primary one, and each failing colour once', () => {
    const problems = themeContrastProblems(colors({ primary: '#4fc3f7', secondary: '#ffca28' }));
    expect(problems.map((p) => p.key)).toEqual(['primary', 'secondary']);
    for (const problem of problems) {
      const shade = suggestion(problem.message);
      for (const against of [TEXT_ON_BRAND, DEFAULT_THEME_SETTINGS.colors.background, DEFAULT_THEME_SETTINGS.colors.surface]) {
        expect(contrastRatio(shade, against)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
      }
    }
  });
});
