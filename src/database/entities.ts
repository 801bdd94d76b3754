import { Player } from '../players/entities/player.entity.js';

/** Every TypeORM entity of the app; each module adds its own here. */
export const ENTITIES: Function[] = [Player];
