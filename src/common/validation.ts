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

/** At most this many problems in a message, and fields in details: a body of 1,000 bad keys stays a short answer. */
const MAX_LISTED = 3;
const MAX_DETAILED = 20;

function flatten(errors: ValidationError[], parent = ''): { fields: FieldProblems[]; unknown: string[]; expected: string[] | null } {
  const fields: FieldProblems[] = [];
  const unknown: string[] = [];
  let expected: string[] | null = null;
  const walk = (list: ValidationError[], prefix: string) => {
    for (const e of list) {
      const name = clip(e.property);
      const field = prefix ? `${prefix}.${name}` : name;
      if (e.constraints) {
        const problems: string[] = [];
        for (const [constraint, text] of Object.entries(e.constraints)) {
          if (constraint === 'whitelistValidation') {
            unknown.push(field);
            expected ??= declaredFields(e.target);
            problems.push('unknown field');
          } else {
            // class-validator's messages start with the property's name: never echo it unbounded.
            problems.push(e.property.length > name.length ? text.split(e.property).join(name) : text);
          }
        }
        fields.push({ field, problems });
      }
      walk(e.children ?? [], field);
    }
  };
  walk(errors, parent);
  return { fields, unknown, expected };
}

const listed = (items: string[], max = MAX_LISTED) =>
  items.length <= max ? items.join(', ') : `${items.slice(0, max).join(', ')} and ${items.length - max} more`;

/** class-validator's errors as the API's VALIDATION_FAILED: short, names clipped, with what was expected. */
export function validationErrorsToAppError(errors: ValidationError[]): AppError {
  const { fields, unknown, expected } = flatten(errors);
  const sentences: string[] = [];
  if (unknown.length > 0) {
    const what = unknown.length === 1 ? `unknown field "${unknown[0]}"` : `unknown fields ${listed(unknown.map((u) => `"${u}"`))}`;
    sentences.push(`${what} (expected ${expected && expected.length ? `only ${expected.join(', ')}` : 'an empty object {}'})`);
  }
  const others = fields.filter((f) => !unknown.includes(f.field)).map((f) => f.problems.join(', '));
  if (others.length > 0) sentences.push(others.length <= MAX_LISTED ? others.join('; ') : `${others.slice(0, MAX_LISTED).join('; ')}; and ${others.length - MAX_LISTED} more problems`);
  const message = sentences.join('; ') || 'The request is not valid.';
  return validationFailed(message, { fields: fields.slice(0, MAX_DETAILED) });
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
