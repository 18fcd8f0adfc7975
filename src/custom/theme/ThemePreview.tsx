import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { HEX_COLOR, THEME_BOUNDS, THEME_COLOR_KEYS, THEME_FONT_SIZE_KEYS, type Theme } from '../../domain/theme';
import { brandThemeOptions } from '../../theme/brandTheme';
import { useColorMode } from '../../theme/useBrandTheme';
import { Logo } from '../../layout/Logo';

const inBounds = (value: number, { min, max }: { min: number; max: number }) => Number.isInteger(value) && value >= min && value <= max;

/**
 * The draft with every value still being typed (a half colour, an empty size) replaced by the
 * saved one: MUI throws on a colour it cannot read, and the preview must not break while typing.
 */
export function previewable(draft: Theme, saved: Theme): Theme {
  const color = (value: string, fallback: string) => (HEX_COLOR.test(value) ? value : fallback);
  const size = (value: number, fallback: number, bounds: { min: number; max: number }) => (inBounds(value, bounds) ? value : fallback);
  return {
    ...draft,
    colors: Object.fromEntries(THEME_COLOR_KEYS.map((k) => [k, color(draft.colors[k], saved.colors[k])])) as Theme['colors'],
    fontSizes: Object.fromEntries(THEME_FONT_SIZE_KEYS.map((k) => [k, size(draft.fontSizes[k], saved.fontSizes[k], THEME_BOUNDS.fontSize)])) as Theme['fontSizes'],
    spacing: size(draft.spacing, saved.spacing, THEME_BOUNDS.spacing),
    radius: size(draft.radius, saved.radius, THEME_BOUNDS.radius),
    scrollbar: {
      width: size(draft.scrollbar.width, saved.scrollbar.width, THEME_BOUNDS.scrollbarWidth),
      thumb: color(draft.scrollbar.thumb, saved.scrollbar.thumb),
      track: color(draft.scrollbar.track, saved.scrollbar.track),
    },
  };
}

/** The theme being edited, applied to a small sample of the app (live preview, before saving). */
export function ThemePreview({ theme, saved }: { theme: Theme; saved: Theme }) {
  const mode = useColorMode();
  const muiTheme = useMemo(() => createTheme(brandThemeOptions(previewable(theme, saved), mode)), [theme, saved, mode]);
  return (
    <ThemeProvider theme={muiTheme}>
      <Paper aria-label="Pré-visualização" variant="outlined" sx={{ display: 'flex', overflow: 'hidden', bgcolor: 'background.default', fontFamily: muiTheme.typography.fontFamily }}>
        <Box sx={{ width: 140, p: 2, bgcolor: muiTheme.brand.menu, borderRight: 1, borderColor: 'divider', display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Logo height={32} />
          <Box sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', borderRadius: 1, px: 1, py: 0.5 }}>
            <Typography variant="body2">Missões</Typography>
          </Box>
          <Typography variant="body2" sx={{ px: 1 }}>
            Relatórios
          </Typography>
        </Box>
        <Box sx={{ flex: 1, p: 2, display: 'flex', flexDirection: 'column', gap: 2, color: 'text.primary', maxHeight: 260, overflow: 'auto' }}>
          <Typography variant="h1">Título da página</Typography>
          <Typography>Texto de exemplo com o tamanho padrão.</Typography>
          <Typography variant="caption">Legenda em texto pequeno</Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="contained">Salvar</Button>
            <Button variant="outlined" color="secondary">
              Cancelar
            </Button>
            <Chip label="Iniciada" color="primary" />
          </Box>
          <TextField label="Campo de exemplo" defaultValue="Gerenciadora" />
          <Paper sx={{ p: 2 }}>
            <Typography variant="body2">Cartão com o raio escolhido.</Typography>
          </Paper>
          <Box sx={{ height: 120, flexShrink: 0 }} aria-hidden>
            <Typography variant="caption">Role para ver a barra de rolagem.</Typography>
          </Box>
        </Box>
      </Paper>
    </ThemeProvider>
  );
}
