/**
 * What the phone sends with an SOS (docs/rules/alarms.md): where it is, when it knows it — its own
 * GPS reading, which may be fresher than the team's last tracked position. Both or neither.
 */
import { number, type InferType } from 'yup';
import { INVALID_TYPE, maxValue, minValue } from '../messages';
import { group } from './fields';

const coordinate = (limit: number) =>
  number()
    .transform((_cast: unknown, raw: unknown) => raw)
    .typeError(INVALID_TYPE)
    .min(-limit, minValue(-limit))
    .max(limit, maxValue(limit))
    .nullable()
    .default(null);

export const sosRaiseSchema = group({
  latitude: coordinate(90),
  longitude: coordinate(180),
}).test({
  name: 'both_or_neither',
  message: 'Informe latitude e longitude juntas',
  test: (v) => (v.latitude === null) === (v.longitude === null),
});
export type SosRaiseValues = InferType<typeof sosRaiseSchema>;
