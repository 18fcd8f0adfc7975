/** Mission parameters: which of cause/carrier/place/leadership a new mission must have. */
import type { InferType } from 'yup';
import { BOOLEAN_REQUIRED } from '../messages';
import { group, strictBoolean } from './fields';

const flag = () => strictBoolean().required(BOOLEAN_REQUIRED);

export const missionConfigSchema = group({
  required: group({
    cause: flag(),
    carrier: flag(),
    place: flag(),
    leadership: flag(),
  }),
});
export type MissionConfigValues = InferType<typeof missionConfigSchema>;
export const missionConfigInitialValues: MissionConfigValues = {
  required: { cause: false, carrier: false, place: false, leadership: false },
};
