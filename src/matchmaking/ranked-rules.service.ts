import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { FairPlayService } from '../fair-play/fair-play.service.js';
import { AccountLinksService } from '../account-links/account-links.service.js';
import { PairingReadsRepository } from '../games/pairing-reads.repository.js';
import { Player } from '../players/entities/player.entity.js';
import { type RankedPlayerFacts, type RankedRefusal, rankedRefusal } from './domain/ranked-rules.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The ranked rules for two named players (a rated challenge, a ranked rematch): reads the facts the
 * queue's rules read (cooldowns, links, the pair's games of the last 24 hours) and asks the one pure
 * function that states them. Reads only.
 */
@Injectable()
export class RankedRulesService {
  constructor(
    private readonly pairing: PairingReadsRepository,
    private readonly fairPlay: FairPlayService,
    private readonly links: AccountLinksService,
    private readonly clock: Clock,
  ) {}

  async refusal(me: Player, them: Player, now: Date = this.clock.now()): Promise<RankedRefusal | null> {
    const facts = async (p: Player): Promise<RankedPlayerFacts> => ({
      id: p.id, guest: p.guest, bot: p.bot, engineMarkedAt: p.engineMarkedAt, closedAt: p.closedAt,
      cooldownUntil: p.guest || me.id === them.id ? null : ((await this.fairPlay.rankedCooldown(p.id, now))?.until ?? null),
      // The queue's gate for new accounts, asked of both: a fresh account takes no rated game this way either.
      rankedOpen: p.guest || me.id === them.id ? true : (await this.fairPlay.rankedGate(p, now)).eligible,
    });
    const [mine, theirs] = [await facts(me), await facts(them)];
    // The pair's facts only matter once each player may play ranked at all.
    const early = rankedRefusal(mine, theirs, { gamesBetween24h: 0, linked: false }, now);
    if (early) return early;
    const pair = [{ a: me.id, b: them.id }];
    const [counted] = await this.pairing.rankedGamesBetween(pair, new Date(now.getTime() - DAY_MS));
    const linked = (await this.links.linkedPairs(pair, now)).length > 0;
    return rankedRefusal(mine, theirs, { gamesBetween24h: counted?.games ?? 0, linked }, now);
  }
}
