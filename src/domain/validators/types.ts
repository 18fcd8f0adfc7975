/**
 * A field validator: given the raw field value, answers the Portuguese message to show, or
 * `undefined` when the value is acceptable. Same shape as react-admin's input validators, so the
 * functions here can be passed to inputs directly as well as wrapped in yup tests.
 */
export type Validator = (value: unknown) => string | undefined;

/** True for undefined, null and strings that are empty once trimmed. */
export const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
