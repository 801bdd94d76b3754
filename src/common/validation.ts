import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import type { MessageKey } from '../i18n/keys.js';
import { AppError, clip, renderMessage, validationFailed, type MessageRef } from './errors.js';

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
export const tooDeep = () => validationFailed({ key: 'api.request.tooDeep', values: { max: MAX_BODY_DEPTH } });

/**
 * Control characters no text of the API may hold: C0 but tab, line feed and carriage return (a
 * report's text may have lines), DEL and C1. PostgreSQL cannot even store NUL in text.
 */
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** The same percent-encoded in a URL (C1 as UTF-8), where tab and line breaks are refused too. */
const CONTROL_IN_URL = /%(?:[01][0-9a-f]|7f)|%c2%[89][0-9a-f]/i;

/**
 * Where a JSON body holds a control character, in a key or a string value: the field's path
 * (`text`, `a.b`), or null. Iterative, like {@link nestsDeeperThan}.
 */
export function controlCharacterAt(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (CONTROL_IN_TEXT.test(v)) return path || 'body';
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    for (const [key, child] of Object.entries(v)) {
      const at = path ? `${path}.${key}` : key;
      if (CONTROL_IN_TEXT.test(key)) return clip(at.replace(/[\u0000-\u001F\u007F-\u009F]/g, '?'));
      stack.push([child, at]);
    }
  }
  return null;
}

/** A control character in the body, the path or the query: 400 before any guard, pipe or query sees it. */
export function controlCharacterIn(req: { body?: unknown; originalUrl?: string; url?: string }): AppError | null {
  const url = req.originalUrl ?? req.url ?? '';
  const q = url.indexOf('?');
  const field = CONTROL_IN_URL.test(q < 0 ? url : url.slice(0, q)) ? 'path' : q >= 0 && CONTROL_IN_URL.test(url.slice(q)) ? 'query' : controlCharacterAt(req.body);
  return field === null ? null : validationFailed({ key: 'api.validation.controlCharacter', values: { field: clip(field) } });
}

/**
 * A DTO decorator's own message, as a catalogue message: class-validator keeps it as a string, so
 * it is carried as `i18n:<json>` and rendered in the request's language by the filter, e.g.
 * `@IsIn([false], { message: i18nMessage('api.validation.roomsUnrated') })`.
 */
export function i18nMessage(key: MessageKey, values?: Record<string, string | number>): string {
  return `i18n:${JSON.stringify({ key, values })}`;
}

function fromI18nMessage(text: string): MessageRef | null {
  if (!text.startsWith('i18n:')) return null;
  try {
    return JSON.parse(text.slice(5)) as MessageRef;
  } catch {
    return null;
  }
}

/** The fields a DTO class declares (its validation metadata), for "expected …" in messages. */
function declaredFields(target: object | undefined): string[] {
  const cls = target?.constructor;
  if (!cls || cls === Object) return [];
  const metadatas = getMetadataStorage().getTargetValidationMetadatas(cls, '', true, false);
  return [...new Set(metadatas.map((m) => m.propertyName))];
}

/** The arguments of a property's constraint (`@Length(3, 20)` → [3, 20]), from the DTO's metadata. */
function constraintArgs(target: object | undefined, property: string, constraint: string): unknown[] {
  const cls = target?.constructor;
  if (!cls || cls === Object) return [];
  const metadatas = getMetadataStorage().getTargetValidationMetadatas(cls, '', true, false);
  const m = metadatas.find((x) => x.propertyName === property && (x.name === constraint || x.type === constraint));
  return m?.constraints ?? [];
}

/** The fields a person fills in a form: their names come from the catalogue, in the reader's language. */
const NAMED_FIELDS = ['username', 'password', 'currentPassword', 'newPassword', 'text', 'reason', 'message', 'action', 'code'] as const;

/**
 * A field's name as a message value: the catalogue's name of a form's field ("jina la mtumiaji"
 * for `username` in Swahili), else the name the request used (a program's field, or a path).
 */
export function fieldName(field: string): string | MessageRef {
  const named = NAMED_FIELDS.find((f) => f === field);
  return named ? { key: `api.fields.${named}` } : field;
}

/** `values.field` of a message named by the catalogue (see {@link fieldName}). */
function withFieldName(ref: MessageRef): MessageRef {
  const field = ref.values?.field;
  return typeof field === 'string' ? { ...ref, values: { ...ref.values, field: fieldName(field) } } : ref;
}

/** One failed constraint as a catalogue message (class-validator's English text when we have no key for it). */
function problemOf(e: ValidationError, field: string, constraint: string, text: string): MessageRef {
  return withFieldName(rawProblemOf(e, field, constraint, text));
}

function rawProblemOf(e: ValidationError, field: string, constraint: string, text: string): MessageRef {
  const own = fromI18nMessage(text);
  if (own) return own;
  const args = constraintArgs(e.target, e.property, constraint);
  const value = e.target ? (e.target as Record<string, unknown>)[e.property] : undefined;
  type Constraint = 'isString' | 'isBoolean' | 'isInt' | 'isIso8601' | 'min' | 'max' | 'tooShort' | 'tooLong' | 'isIn';
  const v = (key: Constraint, more: Record<string, string | number> = {}): MessageRef => ({ key: `api.validation.${key}`, values: { field, ...more } });
  switch (constraint) {
    case 'isString':
    case 'isBoolean':
    case 'isInt':
      return v(constraint);
    case 'isIso8601':
      return v('isIso8601');
    case 'min':
      return v('min', { min: String(args[0]) });
    case 'max':
      return v('max', { max: String(args[0]) });
    case 'isLength': {
      const [min, max] = args as [number, number | undefined];
      return typeof value === 'string' && value.length < min ? v('tooShort', { min: String(min) }) : v('tooLong', { max: String(max) });
    }
    case 'isIn':
      return v('isIn', { values: (Array.isArray(args[0]) ? args[0] : []).map(String).join(', ') });
    default:
      // class-validator's messages start with the property's name: never echo it unbounded.
      return { key: 'api.validation.raw', values: { text: e.property.length > field.length ? text.split(e.property).join(field) : text } };
  }
}

interface FieldProblems {
  field: string;
  problems: MessageRef[];
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
        const problems: MessageRef[] = [];
        for (const [constraint, text] of Object.entries(e.constraints)) {
          if (constraint === 'whitelistValidation') {
            unknown.push(field);
            expected ??= declaredFields(e.target);
            problems.push({ key: 'api.validation.unknownField', values: { field } });
          } else {
            problems.push(problemOf(e, field, constraint, text));
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

/** Messages joined pairwise by a joining message ("{first}; {second}"). */
function joined(refs: MessageRef[], key: MessageKey): MessageRef {
  return refs.slice(1).reduce((first, second) => ({ key, values: { first, second } }), refs[0]);
}

const listed = (items: string[], max = MAX_LISTED): string | MessageRef =>
  items.length <= max ? items.join(', ') : { key: 'api.validation.moreFields', values: { list: items.slice(0, max).join(', '), count: items.length - max } };

/** class-validator's errors as the API's VALIDATION_FAILED: short, names clipped, with what was expected. */
export function validationErrorsToAppError(errors: ValidationError[]): AppError {
  const { fields, unknown, expected } = flatten(errors);
  const sentences: MessageRef[] = [];
  if (unknown.length > 0) {
    const what: MessageRef =
      unknown.length === 1
        ? { key: 'api.validation.unknownField', values: { field: unknown[0] } }
        : { key: 'api.validation.unknownFields', values: { fields: listed(unknown.map((u) => `"${u}"`)) } };
    sentences.push(
      expected && expected.length
        ? { key: 'api.validation.expectedOnly', values: { unknown: what, fields: expected.join(', ') } }
        : { key: 'api.validation.expectedEmpty', values: { unknown: what } },
    );
  }
  const others = fields.filter((f) => !unknown.includes(f.field)).map((f) => joined(f.problems, 'api.validation.listProblems'));
  if (others.length > 0) {
    const shown = joined(others.slice(0, MAX_LISTED), 'api.validation.join');
    sentences.push(others.length <= MAX_LISTED ? shown : { key: 'api.validation.moreProblems', values: { list: shown, count: others.length - MAX_LISTED } });
  }
  const message: MessageRef = sentences.length ? joined(sentences, 'api.validation.join') : { key: 'api.validation.invalid' };
  const details = fields.slice(0, MAX_DETAILED).map((f) => ({ field: f.field, problems: f.problems.map((p) => renderMessage(p, 'en')) }));
  return validationFailed(message, { fields: details });
}

const RESERVED_KEYS = ['__proto__', 'constructor', 'prototype'];

/**
 * A hand-written check of a hot route's body: the DTO instance when the body is certainly valid,
 * null when it is not or might not be. It only ever accepts: whatever it does not accept goes
 * through class-validator as before, so every refusal keeps its exact message and shape. It must
 * accept only what class-validator accepts, with the same instance (a unit test compares both).
 */
export type FastBodyCheck<T> = (body: unknown) => T | null;

const fastBodyChecks = new Map<abstract new (...args: never[]) => unknown, FastBodyCheck<unknown>>();

/** Registers a DTO's {@link FastBodyCheck}: class-validator reads the DTO's decorators by reflection on every request, ~40 µs a body. */
export function fastBodyCheck<T>(dto: new () => T, check: FastBodyCheck<T>): void {
  fastBodyChecks.set(dto, check);
}

/** The fast check of a DTO, if it has one (for tests). */
export function fastBodyCheckOf<T>(dto: new () => T): FastBodyCheck<T> | undefined {
  return fastBodyChecks.get(dto) as FastBodyCheck<T> | undefined;
}

/** True when `body` is a plain JSON object whose own keys are all in `allowed` (an object literal's prototype, no reserved key). */
export function plainObjectWithKeys(body: unknown, allowed: readonly string[]): body is Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body) || Object.getPrototypeOf(body) !== Object.prototype) return false;
  for (const key in body) {
    if (!Object.prototype.hasOwnProperty.call(body, key) || !allowed.includes(key)) return false;
  }
  return true;
}

/**
 * Bodies are JSON objects (no body counts as {}): an array, or keys like `constructor` that every
 * object already has, would slip past class-validator's whitelist as "no fields, no errors".
 */
class ObjectBodyValidationPipe extends ValidationPipe {
  async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body') {
      const fast = metadata.metatype && fastBodyChecks.get(metadata.metatype);
      const accepted = fast ? fast(value) : null;
      if (accepted !== null) return accepted;
      if (value === undefined) value = {};
      if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        throw validationFailed({ key: 'api.request.bodyNotObject' });
      }
      if (nestsDeeperThan(value, MAX_BODY_DEPTH)) throw tooDeep();
      const reserved = Object.keys(value).filter((k) => RESERVED_KEYS.includes(k));
      if (reserved.length) throw validationFailed({ key: 'api.validation.unknownField', values: { field: reserved[0] } });
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
