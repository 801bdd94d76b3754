/**
 * The master games the app ships (data/wthor-2023-2025.tsv.gz; source and format in
 * data/README.md), read once per process from the project's data folder.
 */
import { readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { indexRows, type IndexRow } from './domain/index-rows.js';
import { type MasterGame, parseMasterGames } from './domain/master-games.js';

/** The data set's name in the index (explorer_sources) and on the pages. */
export const MASTER_SOURCE = 'wthor-2023-2025';

/** The project's root, from src/openings or dist/src/openings. */
function projectRoot(): string {
  const up = resolve(__dirname, '..', '..');
  return basename(up) === 'dist' ? resolve(up, '..') : up;
}

export const MASTER_GAMES_FILE = join(projectRoot(), 'data', `${MASTER_SOURCE}.tsv.gz`);

let games: readonly MasterGame[] | null = null;

/** The shipped master games (read and parsed at the first call). */
export function masterGames(): readonly MasterGame[] {
  games ??= Object.freeze(parseMasterGames(gunzipSync(readFileSync(MASTER_GAMES_FILE)).toString('utf8')));
  return games;
}

/** The master games' rows of the explorer's index (./domain/index-rows.ts). */
export function masterIndexRows(): IndexRow[] {
  return indexRows(masterGames());
}
