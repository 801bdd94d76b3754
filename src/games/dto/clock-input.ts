import { ValidateBy, type ValidationOptions } from 'class-validator';
import { i18nMessage } from '../../common/validation.js';
import { CLOCK_BOUNDS, parseClockLabel } from '../domain/clock.js';

/** The bounds of a custom clock, as the validation message and the docs state them. */
export const CLOCK_BOUND_VALUES = {
  minBase: CLOCK_BOUNDS.minBaseSeconds / 60,
  maxBase: CLOCK_BOUNDS.maxBaseSeconds / 60,
  minIncrement: CLOCK_BOUNDS.minIncrementSeconds,
  maxIncrement: CLOCK_BOUNDS.maxIncrementSeconds,
};

/** A clock named as "minutes+seconds" (e.g. "5+3") within the bounds, or null (no clock). */
export function IsClockLabel(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isClockLabel',
      validator: { validate: (value: unknown) => value === null || (typeof value === 'string' && value.length <= 12 && parseClockLabel(value) !== null) },
    },
    { message: i18nMessage('api.validation.clock', CLOCK_BOUND_VALUES), ...options },
  );
}
