import { BOOLEAN_REQUIRED, NOT_EMPTY, SELECT_REQUIRED } from '../messages';
import { isBlank, type Validator } from './types';

/** Not-empty after trimming (spec 5, General); `message` replaces the generic text. */
export const notEmpty =
  (message: string = NOT_EMPTY): Validator =>
  (value) =>
    isBlank(value) ? message : undefined;

/** A boolean must be chosen (true or false); anything else is missing. */
export const booleanRequired =
  (message: string = BOOLEAN_REQUIRED): Validator =>
  (value) =>
    typeof value === 'boolean' ? undefined : message;

/** A select must hold something other than null/undefined/''. */
export const selectRequired =
  (message: string = SELECT_REQUIRED): Validator =>
  (value) =>
    value === undefined || value === null || value === '' ? message : undefined;
