import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { validationFailed } from './errors.js';

function flatten(errors: ValidationError[], parent = ''): { field: string; problems: string[] }[] {
  return errors.flatMap((e) => {
    const field = parent ? `${parent}.${e.property}` : e.property;
    const own = e.constraints ? [{ field, problems: Object.values(e.constraints) }] : [];
    return [...own, ...flatten(e.children ?? [], field)];
  });
}

const RESERVED_KEYS = ['__proto__', 'constructor', 'prototype'];

/**
 * Bodies are JSON objects (no body counts as {}): an array, or keys like `constructor` that every
 * object already has, would slip past class-validator's whitelist as "no fields, no errors".
 */
class ObjectBodyValidationPipe extends ValidationPipe {
  async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body') {
      if (value === undefined) value = {};
      if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        throw validationFailed('The request body must be a JSON object.');
      }
      const reserved = Object.keys(value).filter((k) => RESERVED_KEYS.includes(k));
      if (reserved.length) throw validationFailed(`property ${reserved[0]} should not exist`);
    }
    return super.transform(value, metadata);
  }
}

/** whitelist + forbidNonWhitelisted + transform, with failures in the API's error shape. */
export function createValidationPipe(): ValidationPipe {
  return new ObjectBodyValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => {
      const fields = flatten(errors);
      const message = fields.map((f) => f.problems.join(', ')).join('; ') || 'The request is not valid.';
      return validationFailed(message, { fields });
    },
  });
}
