/**
 * 'Usar minha localização' (docs/rules/field-app.md): the phone's position fills the coordinates and
 * the address of the form it sits in. Shown only where the browser can locate the device; busy until
 * the fix and the address arrive.
 */
import MyLocation from '@mui/icons-material/MyLocation';
import { ActionButton } from '../ActionButton';
import { canLocateDevice } from './devicePosition';

export const USE_MY_LOCATION = 'Usar minha localização';

export function UseMyLocationButton({ onLocate }: { onLocate: () => Promise<unknown> }) {
  if (!canLocateDevice()) return null;
  return (
    <ActionButton variant="outlined" startIcon={<MyLocation />} onClick={onLocate} sx={{ minHeight: 44, alignSelf: 'start' }}>
      {USE_MY_LOCATION}
    </ActionButton>
  );
}
