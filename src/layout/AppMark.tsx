import { DARK } from '../theme/brandTokens';
import { readableOn } from '../domain/contrast';
import { useColorMode, useThemeState } from '../theme/themeState';

/** The mark's orange (the brand's primary, docs/rules/themes.md), kept whatever a risk manager's theme says: it is the app's own logo. */
const MARK_ORANGE = '#ff400d';
const FONT = "Roboto, system-ui, -apple-system, 'Segoe UI', Arial, sans-serif";

export interface AppMarkProps {
  height: number;
  /** What the mark is drawn on: its words are coloured to read on it at WCAG AA. */
  background: string;
  /** The name's colour before that check: the text colour of the surface. */
  ink: string;
}

/**
 * The app's own logo, drawn inline so its words follow the surface it is on:
 * 'Pronta' in the surface's text colour and 'Resposta' in the mark's orange, each darkened or
 * lightened just enough to read at 4.5:1 (a fixed dark name vanished on the dark menu; the orange
 * is 3.5:1 on white). No MUI: the landing page draws it too.
 */
export function AppMark({ height, background, ink }: AppMarkProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 220 56"
      height={height}
      width={(height * 220) / 56}
      role="img"
      aria-label="Pronta Resposta"
      data-testid="brand-logo"
      style={{ display: 'block', maxWidth: '100%' }}
    >
      <path d="M28 3 7 11v15.5C7 40 15.9 50.4 28 53.6 40.1 50.4 49 40 49 26.5V11L28 3Z" fill={MARK_ORANGE} />
      <path d="M31 12 18.3 32.2h8.8L24.5 45.3l13.1-21h-8.8L31 12Z" fill="#fff" />
      <text x="58" y="26" fontFamily={FONT} fontSize="20" fontWeight="700" fill={readableOn(ink, background)}>
        Pronta
      </text>
      <text x="58" y="47" fontFamily={FONT} fontSize="20" fontWeight="400" fill={readableOn(MARK_ORANGE, background)}>
        Resposta
      </text>
    </svg>
  );
}

/** The mark on a page built without MUI (landing, splash), on its page background or a surface, in the current mode. */
export function PlainAppMark({ height, on }: { height: number; on: 'background' | 'surface' }) {
  const { theme } = useThemeState();
  const dark = useColorMode() === 'dark';
  return <AppMark height={height} background={dark ? DARK[on] : theme.colors[on]} ink={dark ? DARK.text : theme.colors.text} />;
}
