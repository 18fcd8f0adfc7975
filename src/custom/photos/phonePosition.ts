import { canLocateDevice, devicePosition, type DevicePoint } from '../../layout/address/devicePosition';

/**
 * The phone's position for a photo just taken (docs/rules/field-app.md, "Fotos do local"), or null
 * when the browser has no geolocation or the person did not allow it: a photo goes without a
 * position rather than not at all.
 */
export const phonePosition = (): Promise<DevicePoint | null> => (canLocateDevice() ? devicePosition().catch(() => null) : Promise.resolve(null));
