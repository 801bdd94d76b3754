/**
 * The computer's seat shows "Computer · level 3" in the page's language, not its player row's
 * name: every game (or game summary) the client receives, in an answer or an event, is named here
 * once, so the pages' texts ("Waiting for …", the moves, the result) need no case of their own.
 */
import { msg } from '../common/messages';

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;

function nameSeat(seat: unknown, name: string): void {
  if (!isObject(seat)) return;
  const player = isObject(seat.player) ? seat.player : seat;
  if (typeof player.username === 'string') player.username = name;
}

/** Names the computer's seat in `data` (a game, a summary, an event, an answer holding some), in place; returns `data`. */
export function nameTheComputer<T>(data: T, depth = 0): T {
  if (!isObject(data) || depth > 3) return data;
  if (Array.isArray(data)) {
    for (const item of data) nameTheComputer(item, depth + 1);
    return data;
  }
  const computer = data.computer;
  if (isObject(computer) && typeof computer.level === 'number' && (computer.color === 'black' || computer.color === 'white')) {
    nameSeat(data[computer.color], msg('computer.name', { level: String(computer.level) }));
  }
  for (const key of ['game', 'games', 'details']) if (key in data) nameTheComputer(data[key], depth + 1);
  return data;
}
