import { ValidationError, ValidationPipe } from '@nestjs/common';
import { validationFailed } from './errors.js';

function flatten(errors: ValidationError[], parent = ''): { field: string; problems: string[] }[] {
  return errors.flatMap((e) => {
    const field = parent ? `${parent}.${e.property}` : e.property;
    const own = e.constraints ? [{ field, problems: Object.values(e.constraints) }] : [];
    return [...own, ...flatten(e.children ?? [], field)];
  });
}

/** whitelist + forbidNonWhitelisted + transform, with failures in the API's error shape. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
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
