import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { ValidateBy } from 'class-validator';

/** Largest metadata object, as JSON text. */
export const MAX_METADATA_CHARS = 64 * 1024;

const NOT_JSON = Symbol('not JSON');

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A form or multipart field carrying a JSON object as text (`metadata={"team":"x"}`); an object
 * already parsed (a JSON part of a multipart body) is taken as it is. Anything else is a 422
 * naming the field.
 */
export function JsonObjectField(): PropertyDecorator {
  return applyDecorators(
    Transform(({ value }: { value: unknown }) => {
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        return NOT_JSON;
      }
    }),
    ValidateBy({
      name: 'isJsonObjectField',
      validator: {
        validate: (value: unknown) =>
          isPlainObject(value) && JSON.stringify(value).length <= MAX_METADATA_CHARS,
        defaultMessage: (args) =>
          args?.value === NOT_JSON
            ? `${args.property} is not valid JSON`
            : isPlainObject(args?.value)
              ? `${args?.property ?? 'value'} is longer than ${MAX_METADATA_CHARS} characters of JSON`
              : `${args?.property ?? 'value'} must be a JSON object, such as {"key":"value"}`,
      },
    }),
  );
}
