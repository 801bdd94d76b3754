/** bench:moves's set-up: players registered over HTTP, ranked games made as the ranked queue makes them. */
import { existsSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { pool, request } from '../common.js';
import type { BenchGame } from './driver.js';

export interface Seat {
  token: string;
  id: string;
}

export async function api<T>(agent: http.Agent, base: string, method: string, path: string, token: string | null, payload: unknown, expect: number): Promise<T> {
  const answer = await request(agent, base, method, path, token, payload);
  if (answer.status !== expect) throw new Error(`${method} ${path}: expected ${expect}, got ${answer.status} ${answer.body.slice(0, 300)}`);
  return JSON.parse(answer.body) as T;
}

export async function registerPlayers(agent: http.Agent, base: string, count: number, runTag: string): Promise<Seat[]> {
  return pool(Array.from({ length: count }, (_, i) => i), 8, async (i) => {
    const res = await api<{ token: string; player: { id: string } }>(
      agent,
      base,
      'POST',
      '/api/auth/register',
      null,
      { username: `b${runTag}_${i}`, password: 'bench-password-1234' },
      201,
    );
    return { token: res.token, id: res.player.id };
  });
}

/** Creates a ranked (rated) game for two players, as the ranked queue does: the app's own GamesService. */
export type CreateRanked = (blackId: string, whiteId: string) => Promise<string>;

/** Ranked games for each pair (the first player Black), made in the database as the ranked queue makes them. */
export async function startGames(create: CreateRanked, pairs: [Seat, Seat][], gamesPerPair: number): Promise<BenchGame[][]> {
  return pool(pairs, 16, async ([black, white]) => {
    const games: BenchGame[] = [];
    for (let g = 0; g < gamesPerPair; g++) {
      games.push({ id: await create(black.id, white.id), blackToken: black.token, whiteToken: white.token });
    }
    return games;
  });
}

/** `url` rewritten to reach the same server by its Unix socket (the directory holding `.s.PGSQL.<port>`). */
export function viaUnixSocket(url: string, port: number): string {
  const dir = ['/tmp', '/var/run/postgresql', '/run/postgresql'].find((d) => existsSync(join(d, `.s.PGSQL.${port}`)));
  if (!dir) throw new Error(`--unix-socket: no socket .s.PGSQL.${port} in /tmp or /run/postgresql`);
  const u = new URL(url);
  return `postgres://${u.username}:${u.password}@${u.pathname}?host=${encodeURIComponent(dir)}&port=${port}`;
}
