import type { VersionedGame } from './game-rows.js';

/** How many games a copy holds: far more than it has in play at once, a few MB at most. */
export const GAME_CACHE_SIZE = 4096;

/**
 * The games in play this copy read or wrote lately, each as of a version of its row, so that a
 * move is decided without reading the game first. Never the truth: a step decided on a held game
 * is written conditionally on the row still being at that version (GamesRepository.writeStep),
 * and any write of the row by anyone (another copy, a sweep, an operator's SQL) bumps the version
 * (a trigger), so a stale entry costs a refused write, a read and a second decision, never a wrong
 * step. Only committed states go in (GamesService puts them after the commit): a version number
 * then names one state of the row. Bounded: least recently used out first; finished games are
 * dropped (nothing moves them any more).
 */
export class GameCache {
  /** In use order: the least recently used first (a Map iterates in insertion order). */
  private readonly entries = new Map<string, VersionedGame>();

  constructor(readonly capacity: number = GAME_CACHE_SIZE) {}

  get size(): number {
    return this.entries.size;
  }

  /** The game as this copy last knew it, if it holds it (it becomes the most recently used). */
  get(gameId: string): VersionedGame | undefined {
    const held = this.entries.get(gameId);
    if (held) {
      this.entries.delete(gameId);
      this.entries.set(gameId, held);
    }
    return held;
  }

  /**
   * Holds a committed state of a game: a game over is dropped, and an older version than the one
   * held is ignored (a read that answered after a write of this copy).
   */
  put(loaded: VersionedGame): void {
    const id = loaded.game.id;
    if (loaded.game.status !== 'active') {
      this.entries.delete(id);
      return;
    }
    const held = this.entries.get(id);
    if (held && held.version > loaded.version) return;
    this.entries.delete(id);
    this.entries.set(id, loaded);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  drop(gameId: string): void {
    this.entries.delete(gameId);
  }

  /**
   * A presence write moved the game's takeover time (and nothing else) to `version`: the entry
   * follows if it held the version just before; otherwise it is left, to fail its next write.
   */
  touched(gameId: string, version: number, takeoverAt: Date): void {
    const held = this.entries.get(gameId);
    if (held && held.version === version - 1) this.entries.set(gameId, { ...held, version, game: { ...held.game, takeoverAt } });
  }
}
