import { ValidateBy, ValidationOptions } from 'class-validator';

/** alpha: a number from 0 to 1, or the string "auto". */
export function IsAlphaValue(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isAlphaValue',
      validator: {
        validate: (value: unknown) =>
          value === 'auto' ||
          (typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1),
        defaultMessage: () => 'alpha must be a number from 0.0 to 1.0, or "auto"',
      },
    },
    options,
  );
}

/** A string with at least one non-whitespace character. */
export function IsNotBlank(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isNotBlank',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && value.trim().length > 0,
        defaultMessage: (args) => `${args?.property ?? 'value'} must be a non-empty string`,
      },
    },
    options,
  );
}
