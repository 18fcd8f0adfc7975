/** States and cities: global catalogues (no risk manager), written by admins only. */
import { object, type InferType } from 'yup';
import { CITY_NAME_REQUIRED, CITY_STATE_REQUIRED, STATE_NAME_REQUIRED } from '../messages';
import { activeField, idRef, requiredText } from './fields';

export const stateSchema = object({
  name: requiredText(STATE_NAME_REQUIRED),
  active: activeField(),
});
export type StateValues = InferType<typeof stateSchema>;

/** `state` is the state's _id; `stateName` is display-only and not accepted. */
export const citySchema = object({
  name: requiredText(CITY_NAME_REQUIRED),
  state: idRef(CITY_STATE_REQUIRED),
  active: activeField(),
});
export type CityValues = InferType<typeof citySchema>;
