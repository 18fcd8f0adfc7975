/**
 * WCAG AA (4.5:1) for the texts the theme colours itself: every mission status chip and the app's
 * logo, in the light and the dark palette, for the default brand and for a brand whose colours sit
 * in the middle of the scale (where neither white nor a dark text is a safe default).
 */
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MissionStatusChip, statusChipColors } from '../../src/custom/missions/MissionStatusChip';
import { MISSION_STATUSES } from '../../src/domain/missions';
import { DEFAULT_THEME, type Theme } from '../../src/domain/theme';
import { Logo } from '../../src/layout/Logo';
import { brandThemeOptions } from '../../src/theme/brandTheme';
import { AA_TEXT_CONTRAST, contrastRatio } from '../../src/domain/contrast';

const MID_TONES: Theme = {
  ...DEFAULT_THEME,
  colors: { ...DEFAULT_THEME.colors, primary: '#3399ff', secondary: '#7a7a7a', menu: '#808080', surface: '#9e9e9e', text: '#202020' },
};

const cases = [DEFAULT_THEME, MID_TONES].flatMap((brand) =>
  (['light', 'dark'] as const).map((mode) => ({ name: `${brand === DEFAULT_THEME ? 'default brand' : 'mid-tone brand'}, ${mode}`, mui: createTheme(brandThemeOptions(brand, mode)) })),
);

describe('status chips', () => {
  it.each(cases)('every status chip reads at AA: $name', ({ mui }) => {
    const ratios = MISSION_STATUSES.map((status) => {
      const { background, text } = statusChipColors(mui, status);
      return [status, Number(contrastRatio(text, background).toFixed(2))] as const;
    });
    expect(ratios.filter(([, ratio]) => ratio < AA_TEXT_CONTRAST)).toEqual([]);
  });

  it('the chip is painted with those colours', () => {
    const mui = createTheme(brandThemeOptions(DEFAULT_THEME, 'light'));
    render(
      <ThemeProvider theme={mui}>
        <MissionStatusChip status="open" />
      </ThemeProvider>,
    );
    const chip = screen.getByText('Solicitado').closest('.MuiChip-root') as HTMLElement;
    const style = getComputedStyle(chip);
    const { background, text } = statusChipColors(mui, 'open');
    expect(contrastRatio(style.color, style.backgroundColor)).toBeCloseTo(contrastRatio(text, background), 5);
    expect(contrastRatio(style.color, style.backgroundColor)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
  });
});

describe("the app's logo", () => {
  it.each(cases)('its words read at AA on the side menu, the login card and the page: $name', ({ mui }) => {
    const surfaces = { menu: mui.brand.menu, paper: mui.palette.background.paper, page: mui.palette.background.default };
    for (const [on, background] of Object.entries(surfaces)) {
      const { unmount } = render(
        <ThemeProvider theme={mui}>
          <Logo on={on as keyof typeof surfaces} />
        </ThemeProvider>,
      );
      const words = [...screen.getByRole('img', { name: 'Pronta Resposta' }).querySelectorAll('text')];
      expect(words.map((w) => w.textContent)).toEqual(['Pronta', 'Resposta']);
      for (const word of words) {
        expect(contrastRatio(word.getAttribute('fill') ?? '', background), `${word.textContent} on ${on}`).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
      }
      unmount();
    }
  });
});
