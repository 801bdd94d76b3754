import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import request from 'supertest';
import { type BotOptions, runBot } from '../../examples/bot.js';
import { startTestApp, TestApp } from '../support/app.js';
import { ensureBuilt, ROOT } from '../support/server-process.js';

/**
 * The example bot (examples/bot.ts) against the real server: two bots sign up, queue and play each
 * other through the queue until both have finished their games. One runs as `npm run bot` does
 * (the built CLI in a child process, which must exit 0), the other in-process through runBot().
 */
describe('the example bot', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const MODE = 'unranked' as const;
  const BOT = false;

  const bot = (username: string, games: number, log: string[]): BotOptions => ({
    url: t.baseUrl,
    username,
    password: 'bot-password-123',
    mode: MODE,
    bot: BOT,
    games,
    nodeLimit: 2_000,
    log: (line) => log.push(`${username}: ${line}`),
  });

  /** Every game the two played: finished on the board, both seats played by the bots themselves. */
  async function expectPlayedOut(ids: string[], names: string[]): Promise<void> {
    for (const id of ids) {
      const game = (await request(t.http).get(`/api/games/${id}`).expect(200)).body;
      expect(game.status).toBe('finished');
      expect(game.result.reason).toBe('board');
      expect(game.rated).toBe(MODE === 'ranked');
      expect([game.black.player.username, game.white.player.username].sort()).toEqual([...names].sort());
      const moves = (await request(t.http).get(`/api/games/${id}/moves`).expect(200)).body.moves as { by: string; pass: boolean }[];
      expect(moves.length).toBe(game.ply);
      expect(moves.filter((m) => !m.pass).length).toBe(game.discs.black + game.discs.white - 4);
      expect(moves.every((m) => m.by === 'player')).toBe(true);
    }
  }

  it('two bots queue and play each other until both have finished their games', async () => {
    const log: string[] = [];
    const [a, b] = await Promise.all([runBot(bot('bot_alpha', 2, log)), runBot(bot('bot_beta', 2, log))]);
    expect(a).toHaveLength(2);
    expect(b).toHaveLength(2);
    expect(a.map((g) => g.id).sort()).toEqual(b.map((g) => g.id).sort());
    await expectPlayedOut(a.map((g) => g.id), ['bot_alpha', 'bot_beta']);
    // Signing in again finds the accounts (login, not register) and the games on their records.
    const me = (await request(t.http).get('/api/players/bot_alpha').expect(200)).body;
    expect(me.username).toBe('bot_alpha');
    const listed = (await request(t.http).get('/api/players/bot_beta/games').expect(200)).body.games.map((g: { id: string }) => g.id);
    expect(listed.sort()).toEqual(a.map((g) => g.id).sort());
  });

  it('`npm run bot` (the built CLI) plays its game and exits 0', async () => {
    ensureBuilt();
    const args = ['--url', t.baseUrl, '--username', 'bot_cli', '--password', 'bot-password-123', '--mode', MODE, '--games', '1'];
    const child = spawn(process.execPath, [join(ROOT, 'dist', 'examples', 'bot.js'), ...args, ...(BOT ? [] : ['--human'])], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += String(chunk)));
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const log: string[] = [];
    const [games] = await Promise.all([runBot(bot('bot_inproc', 1, log)), exited]);
    expect({ code: await exited, output }).toEqual({ code: 0, output: expect.stringContaining('bot_cli: 1 games finished') });
    await expectPlayedOut([games[0].id], ['bot_cli', 'bot_inproc']);
  });
});
