/**
 * A tracking device a provider registers (POST positions/devices, docs/rules/positions.md): the name
 * its users know it by and, optionally, the agent who carries it. The identifier is the server's.
 */
import type { InferType } from 'yup';
import { group, optionalText, requiredText } from './fields';

export const DEVICE_NAME_REQUIRED = 'Informe o nome do dispositivo';

export const trackerDeviceSchema = group({
  name: requiredText(DEVICE_NAME_REQUIRED, 'name'),
  agent: optionalText('name'),
});
export type TrackerDeviceValues = InferType<typeof trackerDeviceSchema>;
