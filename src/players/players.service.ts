import { Injectable } from '@nestjs/common';
import { notFound } from '../common/errors.js';
import { usernameKey } from './domain/username.js';
import { Player } from './entities/player.entity.js';
import { PlayersRepository } from './players.repository.js';

/** The accounts: finding a player by id or name, their row's lock, their settings. */
@Injectable()
export class PlayersService {
  constructor(private readonly players: PlayersRepository) {}

  findById(id: string): Promise<Player | null> {
    return this.players.findById(id);
  }

  findByIds(ids: readonly string[]): Promise<Player[]> {
    return this.players.findByIds(ids);
  }

  async findByUsername(username: string): Promise<Player | null> {
    const key = usernameKey(username);
    return key ? this.players.findByUsernameKey(key) : null;
  }

  async getByUsername(username: string): Promise<Player> {
    const player = await this.findByUsername(username);
    if (!player) throw notFound('player', username);
    return player;
  }

  /** Holds the player's row until the caller's transaction ends. */
  lock(id: string): Promise<void> {
    return this.players.lock(id);
  }

  /** Saves the player's chosen language (null: none); the player with it. */
  async setLanguage(player: Player, language: string | null): Promise<Player> {
    await this.players.setLanguage(player.id, language);
    return { ...player, language };
  }
}
