/** `outflank perft <depth>`: counts the leaves from the start position and reports the speed. */
import { perft } from './perft.js';

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

const USAGE = 'usage: outflank perft <depth>   (depth: integer 0..20; 11 takes a few seconds)';

/** Returns the exit code: 0 on success, 2 on a usage error. */
export async function main(args: string[], io: CliIo = { out: console.log, err: console.error }): Promise<number> {
  const rest = args[0] === 'perft' ? args.slice(1) : args;
  if (rest.length !== 1 || !/^\d{1,2}$/.test(rest[0]) || Number(rest[0]) > 20) {
    io.err(USAGE);
    return 2;
  }
  const depth = Number(rest[0]);
  const start = process.hrtime.bigint();
  const leaves = perft(depth);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const rate = seconds > 0 ? leaves / seconds : 0;
  io.out(`perft ${depth}: ${leaves} leaves in ${seconds.toFixed(3)} s (${(rate / 1e6).toFixed(1)} M leaves/s)`);
  return 0;
}
