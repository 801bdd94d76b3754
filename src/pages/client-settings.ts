/**
 * The server settings the browser client needs, read from the running configuration and embedded
 * in each /play page as JSON (`data-settings` on the page's root element): the client never copies
 * a server constant, and reading them costs no request. Pure (the client imports the type).
 */
import { TURN_LIMITS } from '../games/domain/game.js';

/** How long presence takes to reach the game row after a heartbeat (PresenceService writes once a second), plus slack. */
const PRESENCE_SLACK_SECONDS = 3;

export interface ClientSettings {
  /** The turn limits a room or a queue ticket may have (seconds); none is always offered too. */
  readonly turnLimits: readonly number[];
  /** Each player's first move must come within this (FIRST_MOVE_SECONDS). */
  readonly firstMoveSeconds: number;
  /** Without a turn limit, how far ahead a present player's presence keeps the stand-in (CPU_TAKEOVER_SECONDS). */
  readonly cpuTakeoverSeconds: number;
  /**
   * An opponent to move whose presence (a request, an event stream's heartbeat) has not been seen
   * for this long seems disconnected: a present player's stand-in time never falls below
   * cpuTakeoverSeconds − awayAfterSeconds.
   */
  readonly awayAfterSeconds: number;
}

export function clientSettings(config: { firstMoveSeconds: number; cpuTakeoverSeconds: number; sseHeartbeatSeconds: number }): ClientSettings {
  return {
    turnLimits: [...TURN_LIMITS],
    firstMoveSeconds: config.firstMoveSeconds,
    cpuTakeoverSeconds: config.cpuTakeoverSeconds,
    awayAfterSeconds: config.sseHeartbeatSeconds + PRESENCE_SLACK_SECONDS,
  };
}
