/**
 * A move or command the rules refuse, as the game domain's own value: which rule (a code of the
 * API's error shape), the catalogue key that says it, and what the answer may carry. The games
 * service turns it into the API's error at its edge; the domain knows no HTTP and no translator.
 */
export type GameRuleCode = 'FORBIDDEN' | 'GAME_OVER' | 'ILLEGAL_MOVE' | 'NOT_YOUR_TURN' | 'STALE_PLY' | 'CONFLICT' | 'TOO_LATE_TO_ABORT';

export class GameRuleError extends Error {
  constructor(
    readonly code: GameRuleCode,
    /** The `api.games.*` catalogue key of the refusal. */
    readonly key: `api.games.${string}`,
    readonly values?: Record<string, string | number>,
    readonly details?: unknown,
  ) {
    super(`${code}: ${key}`);
    this.name = 'GameRuleError';
  }
}
