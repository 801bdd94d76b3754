import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import { AppError, clip, validationFailed } from './errors.js';

/**
 * Deepest JSON body accepted (an object inside an object counts 2). The API's bodies are flat;
 * a deep one (1,400 nested arrays fit in 3 KB) would overflow class-transformer's recursion.
 */
export const MAX_BODY_DEPTH = 16;

/** True when `value` nests deeper than `max` objects/arrays; iterative, so any depth is safe to measure. */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

/** The request body is nested too deeply: a 400 before any transformation. */
export const tooDeep = () =>
  validationFailed(`The request body nests too deeply (at most ${MAX_BODY_DEPTH} levels of objects and arrays).`);

/** The fields a DTO class declares (its validation metadata), for "expected …" in messages. */
function declaredFields(target: object | undefined): string[] {
  const cls = target?.constructor;
  if (!cls || cls === Object) return [];
  const metadatas = getMetadataStorage().getTargetValidationMetadatas(cls, '', true, false);
  return [...new Set(metadatas.map((m) => m.propertyName))];
}

interface FieldProblems {
  field: string;
  problems: string[];
}

function flatten(errors: ValidationError[], parent = ''): FieldProblems[] {
  return errors.flatMap((e) => {
    const name = clip(e.property);
    const field = parent ? `${parent}.${name}` : name;
    const own: FieldProblems[] = [];
    if (e.constraints) {
      const problems = Object.entries(e.constraints).map(([constraint, text]) => {
        if (constraint === 'whitelistValidation') {
          const expected = declaredFields(e.target);
          return `unknown field "${name}" (expected ${expected.length ? `only ${expected.join(', ')}` : 'an empty object {}'})`;
        }
        // class-validator's messages start with the property's name: never echo it unbounded.
        return e.property.length > name.length ? text.split(e.property).join(name) : text;
      });
      own.push({ field, problems });
    }
    return [...own, ...flatten(e.children ?? [], field)];
  });
}

/** class-validator's errors as the API's VALIDATION_FAILED (names clipped, with what was expected). */
export function validationErrorsToAppError(errors: ValidationError[]): AppError {
  const fields = flatten(errors);
  const message = fields.map((f) => f.problems.join(', ')).join('; ') || 'The request is not valid.';
  return validationFailed(message, { fields });
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
      if (nestsDeeperThan(value, MAX_BODY_DEPTH)) throw tooDeep();
      const reserved = Object.keys(value).filter((k) => RESERVED_KEYS.includes(k));
      if (reserved.length) throw validationFailed(`unknown field "${reserved[0]}"`);
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
    // The target (the DTO instance) names the fields a message says were expected; it is never sent.
    validationError: { target: true, value: false },
    exceptionFactory: validationErrorsToAppError,
  });
}
