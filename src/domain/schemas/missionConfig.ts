/** Mission parameters: which of cause/carrier/place/leadership a new mission must have. */
import { boolean, object, type InferType } from 'yup';
import { BOOLEAN_REQUIRED } from '../messages';

const flag = () => boolean().required(BOOLEAN_REQUIRED);

export const missionConfigSchema = object({
  required: object({
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
