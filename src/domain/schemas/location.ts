/**
 * An address with its coordinates (docs/rules/validation.md: zipcode, address, number, neighborhood,
 * city, state, latitude, longitude), written once: the mission's place and the proposal's starting
 * point require every part; a provider's base (docs/rules/catalogues.md) is optional as a whole, but
 * once any part is typed it takes the proposal's rules and messages, since it prefills the proposal.
 */
import type { MixedSchema, ObjectSchema, TestContext } from 'yup';
import {
  ADDRESS_REQUIRED,
  CITY_REQUIRED,
  LATITUDE_REQUIRED,
  LONGITUDE_REQUIRED,
  NEIGHBORHOOD_REQUIRED,
  NUMBER_REQUIRED,
  STATE_REQUIRED,
  ZIP_REQUIRED,
} from '../messages';
import { LATITUDE_BOUNDS, LONGITUDE_BOUNDS } from '../validators/numbers';
import { blankToNull, cepField, decimalField, group, requiredText } from './fields';

/** Each part's builder and the message it answers when the part is missing. */
const locationRules = (numberMessage: string) =>
  ({
    zipcode: [cepField, ZIP_REQUIRED],
    address: [(message: string) => requiredText(message, 'text'), ADDRESS_REQUIRED],
    number: [(message: string) => requiredText(message, 'text'), numberMessage],
    neighborhood: [(message: string) => requiredText(message, 'text'), NEIGHBORHOOD_REQUIRED],
    city: [requiredText, CITY_REQUIRED],
    state: [requiredText, STATE_REQUIRED],
    latitude: [(message: string) => decimalField(message, LATITUDE_BOUNDS), LATITUDE_REQUIRED],
    longitude: [(message: string) => decimalField(message, LONGITUDE_BOUNDS), LONGITUDE_REQUIRED],
  }) as const;

type Rules = ReturnType<typeof locationRules>;
type Parts = { [K in keyof Rules]: ReturnType<Rules[K][0]> };

/** Every part required, `numberMessage` naming the number (the mission's complement or the proposal's number). */
export const requiredLocation = (numberMessage: string) => {
  const rules = locationRules(numberMessage);
  const parts = Object.fromEntries(Object.entries(rules).map(([name, [build, message]]) => [name, build(message)]));
  return group(parts as Parts);
};

/** A base address as stored: every part, or none (null). */
export interface BaseAddress {
  zipcode: string | null;
  address: string | null;
  number: string | null;
  neighborhood: string | null;
  city: string | null;
  state: string | null;
  latitude: number | null;
  longitude: number | null;
}

const isFilled = (value: unknown) => value !== null && value !== undefined;

/**
 * The provider's base: all blank is no base (every part null); a part left blank beside a typed
 * one answers that part's own message, as the proposal form would.
 */
export const optionalLocation = (): ObjectSchema<BaseAddress> => {
  const parts = Object.fromEntries(
    Object.entries(locationRules(NUMBER_REQUIRED)).map(([name, [build, message]]) => [
      name,
      // Typed as any schema: a text's or a number's, the steps below are the same (yup types them per kind).
      (build(message) as unknown as MixedSchema<unknown>)
        .notRequired()
        .transform(blankToNull)
        .default(null)
        .test({
          name: 'required',
          message,
          test(this: TestContext, value: unknown) {
            const siblings = this.parent as Record<string, unknown>;
            return isFilled(value) || !Object.values(siblings).some(isFilled);
          },
        }),
    ]),
  );
  return group(parts) as unknown as ObjectSchema<BaseAddress>;
};
