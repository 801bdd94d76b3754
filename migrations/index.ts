/** Every migration, in order. `outflank migration:generate <Name>` appends new ones here. */
export const MIGRATIONS: Function[] = [];
