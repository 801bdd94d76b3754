/**
 * The master games the app ships (data/wthor-2023-2025.tsv.gz, see data/README.md), read from
 * their text: one game a line, "year TAB black-white TAB moves TAB event". Pure, no framework: the
 * file is read by ../master-data.ts.
 */
import { parseTranscript } from '../../engine/transcript.js';
import { halfPointsOf, type IndexedGame } from './index-rows.js';

export interface MasterGame extends IndexedGame {
  readonly year: number;
  /** The tournament as the database names it ("All Japan Championships - 2024"). */
  readonly event: string;
  /** The moves run together, lower-case ("f5d6c3…"). */
  readonly moves: string;
}

/** Parses the games; throws naming the line of the first one that does not read. */
export function parseMasterGames(text: string): MasterGame[] {
  const out: MasterGame[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    const [year, result, moves, event] = line.split('\t');
    const m = /^(\d+)-(\d+)$/.exec(result ?? '');
    if (!m || !moves || event === undefined) throw new Error(`master games, line ${i + 1}: not "year, result, moves, event"`);
    const discDiff = Number(m[1]) - Number(m[2]);
    const lower = moves.toLowerCase();
    out.push({ year: Number(year), event: event.trim(), moves: lower, squares: parseTranscript(lower), discDiff, blackHalfPoints: halfPointsOf(discDiff) });
  });
  return out;
}
