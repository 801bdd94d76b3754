import { AppError } from '../common/errors.js';
import type { MessageKey } from '../i18n/keys.js';
import { GameRuleError } from './domain/rule-error.js';

/** A refusal of the game's rules as the API's error (the edge of the pure domain); anything else as it is. */
export function asAppError(err: unknown): unknown {
  if (!(err instanceof GameRuleError)) return err;
  return new AppError(err.code, { key: err.key as MessageKey, values: err.values }, err.details);
}
