/**
 * The phone's position for 'Usar minha localização' (docs/rules/field-app.md): one fix from the
 * browser's geolocation, asked with high accuracy (a team on a highway needs the GPS, not the
 * cell tower), or the Portuguese reason it could not be had.
 */
export interface DevicePoint {
  lat: number;
  lng: number;
}

export const DEVICE_POSITION_TEXTS = {
  denied: 'Permita o acesso à localização no navegador para usar a sua posição.',
  unavailable: 'Não foi possível obter a sua localização. Preencha o endereço ou tente de novo.',
} as const;

/** How long a fix may take before the person is told to type the address (a cold GPS takes a while). */
const FIX_TIMEOUT_MS = 20_000;

export const canLocateDevice = (): boolean => typeof navigator !== 'undefined' && 'geolocation' in navigator;

/** One fix, or an Error whose message says why in Portuguese. */
export function devicePosition(geolocation: Geolocation = navigator.geolocation): Promise<DevicePoint> {
  return new Promise((resolve, reject) => {
    geolocation.getCurrentPosition(
      (position) => resolve({ lat: position.coords.latitude, lng: position.coords.longitude }),
      (error) => reject(new Error(error.code === error.PERMISSION_DENIED ? DEVICE_POSITION_TEXTS.denied : DEVICE_POSITION_TEXTS.unavailable)),
      { enableHighAccuracy: true, timeout: FIX_TIMEOUT_MS, maximumAge: 30_000 },
    );
  });
}
