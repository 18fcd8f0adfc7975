/** States and cities: global catalogues (no risk manager), written by admins only. */
import type { InferType } from 'yup';
import { CATALOGUES } from '../catalogues';
import { CITY_NAME_REQUIRED, CITY_STATE_REQUIRED } from '../messages';
import { recordSchemaOf } from './described';
import { activeField, group, idRef, requiredText } from './fields';

/** Declared by its fields in the registry (catalogues.ts). */
export const stateSchema = recordSchemaOf(CATALOGUES.states);
export type StateValues = InferType<typeof stateSchema>;

/** `state` is the state's _id; `stateName` is display-only and not accepted. */
export const citySchema = group({
  name: requiredText(CITY_NAME_REQUIRED),
  state: idRef(CITY_STATE_REQUIRED),
  active: activeField(),
});
export type CityValues = InferType<typeof citySchema>;
