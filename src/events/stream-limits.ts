import { AppError } from '../common/errors.js';

/**
 * Caps the event streams open at once in this app copy, per player and per client address: one
 * more is 429 RATE_LIMITED. `acquire` counts a stream and returns its release (call it once the
 * stream has closed; calling it again does nothing).
 */
export class StreamLimits {
  private readonly byPlayer = new Map<string, number>();
  private readonly byAddress = new Map<string, number>();

  constructor(
    private readonly perPlayer: number,
    private readonly perAddress: number,
  ) {}

  acquire(address: string, playerId: string | null): () => void {
    if (playerId !== null && (this.byPlayer.get(playerId) ?? 0) >= this.perPlayer) {
      throw new AppError(
        'RATE_LIMITED',
        { key: 'api.streams.perPlayer', values: { limit: this.perPlayer } },
        { limit: this.perPlayer, per: 'player' },
      );
    }
    if ((this.byAddress.get(address) ?? 0) >= this.perAddress) {
      throw new AppError(
        'RATE_LIMITED',
        { key: 'api.streams.perAddress', values: { limit: this.perAddress } },
        { limit: this.perAddress, per: 'address' },
      );
    }
    increment(this.byAddress, address, 1);
    if (playerId !== null) increment(this.byPlayer, playerId, 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      increment(this.byAddress, address, -1);
      if (playerId !== null) increment(this.byPlayer, playerId, -1);
    };
  }

  /** Streams open now for this address / player (for tests and metrics). */
  openFor(address: string, playerId?: string): { address: number; player: number } {
    return { address: this.byAddress.get(address) ?? 0, player: playerId ? (this.byPlayer.get(playerId) ?? 0) : 0 };
  }
}

function increment(map: Map<string, number>, key: string, by: number): void {
  const next = (map.get(key) ?? 0) + by;
  if (next <= 0) map.delete(key);
  else map.set(key, next);
}
