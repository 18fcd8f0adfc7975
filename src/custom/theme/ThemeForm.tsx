import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  THEME_BOUNDS,
  THEME_COLOR_KEYS,
  THEME_COLOR_LABELS,
  THEME_FONT_SIZE_KEYS,
  THEME_FONT_SIZE_LABELS,
  THEME_FONTS,
  type ThemeSettings,
} from '../../domain/theme';

export type ThemeErrors = Record<string, string>;

interface Props {
  value: ThemeSettings;
  errors: ThemeErrors;
  onChange: (next: ThemeSettings) => void;
}

const numberOf = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));

/** The settings of a theme: colours (picker and #rrggbb), font, sizes, spacing, radius, scrollbar. */
export function ThemeForm({ value, errors, onChange }: Props) {
  const colorField = (label: string, path: string, color: string, set: (c: string) => void) => (
    <Box key={path} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
      <input type="color" aria-label={`${label} (seletor)`} value={/^#[0-9a-f]{6}$/i.test(color) ? color : '#000000'} onChange={(e) => set(e.target.value)} style={{ width: 40, height: 40, border: 'none', background: 'none', padding: 0 }} />
      <TextField label={label} value={color} onChange={(e) => set(e.target.value)} error={Boolean(errors[path])} helperText={errors[path]} />
    </Box>
  );
  const numberField = (label: string, path: string, current: number, bounds: { min: number; max: number }, set: (n: number) => void) => (
    <TextField
      key={path}
      label={label}
      type="number"
      value={Number.isNaN(current) ? '' : current}
      slotProps={{ htmlInput: { min: bounds.min, max: bounds.max } }}
      onChange={(e) => set(numberOf(e.target.value))}
      error={Boolean(errors[path])}
      helperText={errors[path] ?? `${bounds.min} a ${bounds.max}`}
    />
  );
  const grid = { display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))' };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Typography variant="h6" component="h2">
        Cores
      </Typography>
      <Box sx={grid}>
        {THEME_COLOR_KEYS.map((key) =>
          colorField(THEME_COLOR_LABELS[key], `colors.${key}`, value.colors[key], (c) => onChange({ ...value, colors: { ...value.colors, [key]: c } })),
        )}
      </Box>
      <Typography variant="h6" component="h2">
        Fonte e tamanhos
      </Typography>
      <Box sx={grid}>
        <TextField select label="Fonte" value={value.fontFamily} onChange={(e) => onChange({ ...value, fontFamily: e.target.value as ThemeSettings['fontFamily'] })} error={Boolean(errors.fontFamily)} helperText={errors.fontFamily}>
          {THEME_FONTS.map((font) => (
            <MenuItem key={font} value={font}>
              {font}
            </MenuItem>
          ))}
        </TextField>
        {THEME_FONT_SIZE_KEYS.map((key) =>
          numberField(`${THEME_FONT_SIZE_LABELS[key]} (px)`, `fontSizes.${key}`, value.fontSizes[key], THEME_BOUNDS.fontSize, (n) =>
            onChange({ ...value, fontSizes: { ...value.fontSizes, [key]: n } }),
          ),
        )}
      </Box>
      <Typography variant="h6" component="h2">
        Formas e rolagem
      </Typography>
      <Box sx={grid}>
        {numberField('Espaçamento (px)', 'spacing', value.spacing, THEME_BOUNDS.spacing, (n) => onChange({ ...value, spacing: n }))}
        {numberField('Arredondamento (px)', 'radius', value.radius, THEME_BOUNDS.radius, (n) => onChange({ ...value, radius: n }))}
        {numberField('Largura da barra de rolagem (px)', 'scrollbar.width', value.scrollbar.width, THEME_BOUNDS.scrollbarWidth, (n) =>
          onChange({ ...value, scrollbar: { ...value.scrollbar, width: n } }),
        )}
        {colorField('Barra de rolagem', 'scrollbar.thumb', value.scrollbar.thumb, (c) => onChange({ ...value, scrollbar: { ...value.scrollbar, thumb: c } }))}
        {colorField('Trilho da rolagem', 'scrollbar.track', value.scrollbar.track, (c) => onChange({ ...value, scrollbar: { ...value.scrollbar, track: c } }))}
      </Box>
    </Box>
  );
}
