import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { colorMode } from '../theme/colorMode';
import { useColorMode } from '../theme/useBrandTheme';

export const DARK_MODE_LABEL = 'Modo escuro';

/** The side menu's light/dark switch (remembered per browser; the system preference until then). */
export function ColorModeSwitch() {
  const mode = useColorMode();
  return (
    <FormControlLabel
      sx={{ mx: 1, px: 1 }}
      control={<Switch checked={mode === 'dark'} onChange={(event) => colorMode.set(event.target.checked ? 'dark' : 'light')} />}
      label={DARK_MODE_LABEL}
    />
  );
}
