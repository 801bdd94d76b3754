import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { AccountSightingsRepository } from './account-sightings.repository.js';
import { addressIdentity, DEVICE_ID_PATTERN, sightingHash, sightingKey } from './domain/sightings.js';
import type { SightingKind } from './entities/account-sighting.entity.js';

/** Where a sign-up or sign-in came from. */
export interface Origin {
  /** The client's address (the connection's, or X-Forwarded-For from a TRUST_PROXY proxy). */
  address?: string | null;
  /** The device id cookie, if the client keeps cookies. */
  deviceId?: string | null;
}

/**
 * Links between accounts: each account records, hashed, the addresses and the device
 * id it registered and signed in from; two accounts seen from one of them within RANKED_LINK_DAYS
 * are linked, and ranked pairing never pairs them (RANKED_SEPARATE_ADDRESSES).
 */
@Injectable()
export class AccountLinksService {
  private readonly key: Buffer;

  constructor(
    private readonly sightings: AccountSightingsRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.key = sightingKey(config.jwtSecret);
  }

  /** The stored hashes of an origin. */
  hashesOf(origin: Origin): { kind: SightingKind; hash: string }[] {
    const out: { kind: SightingKind; hash: string }[] = [];
    const address = addressIdentity(origin.address);
    if (address) out.push({ kind: 'address', hash: sightingHash(this.key, 'address', address) });
    if (origin.deviceId && DEVICE_ID_PATTERN.test(origin.deviceId)) out.push({ kind: 'device', hash: sightingHash(this.key, 'device', origin.deviceId) });
    return out;
  }

  /** The account registered or signed in from this origin now. */
  async record(playerId: string, origin: Origin): Promise<void> {
    await this.sightings.record(playerId, this.hashesOf(origin), this.clock.now());
  }

  /** Whether the account has signed in (or registered) from this device before. */
  async knownDevice(playerId: string, deviceId: string | null | undefined): Promise<boolean> {
    const device = this.hashesOf({ deviceId }).find((h) => h.kind === 'device');
    return device ? this.sightings.seen(playerId, 'device', device.hash) : false;
  }

  /** The address's hash (its /64 for IPv6), or null: reports count weak reporters per address. */
  addressHash(address: string | null | undefined): string | null {
    return this.hashesOf({ address }).find((h) => h.kind === 'address')?.hash ?? null;
  }

  /** The device's hash (the per-account sign-in limit counts a known device on its own), or null. */
  deviceHash(deviceId: string | null | undefined): string | null {
    return this.hashesOf({ deviceId }).find((h) => h.kind === 'device')?.hash ?? null;
  }

  /**
   * Of these candidate pairs, the linked ones, which the ranked queue must not pair; none when
   * RANKED_SEPARATE_ADDRESSES is off.
   */
  async linkedPairs(pairs: readonly { a: string; b: string }[], now: Date = this.clock.now()): Promise<{ a: string; b: string }[]> {
    const f = this.config.fairPlay;
    if (!f.rankedSeparateAddresses || pairs.length === 0) return [];
    const since = new Date(now.getTime() - f.rankedLinkDays * 86_400_000);
    return this.sightings.linkedPairs(pairs, since);
  }
}
