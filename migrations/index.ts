/** Every migration, in order. `outflank migration:generate <Name>` appends new ones here. */
import { CreatePlayers1795969626085 } from './1795969626085-CreatePlayers.js';
export const MIGRATIONS: Function[] = [
  CreatePlayers1795969626085,
];
