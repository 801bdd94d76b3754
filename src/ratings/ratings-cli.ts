import { AppConfig } from '../config/config.js';

/** `outflank ratings verify`: filled in by the ratings work. */
export async function main(_args: string[], _config: AppConfig): Promise<number> {
  process.stderr.write('ratings verify is not available yet.\n');
  return 2;
}
