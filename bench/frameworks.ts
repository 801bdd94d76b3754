/**
 * Express or Fastify under Nest: the cost of the HTTP layer alone, side by side in one run.
 *
 *   npm run build && node dist/bench/frameworks.js [--seconds 10] [--connections 64] [--rounds 2]
 *
 * The same Nest controller on @nestjs/platform-express and on @nestjs/platform-fastify: POST
 * /api/games/:id/moves with the app's global ValidationPipe and PlayMoveDto, a bearer-JWT check
 * (jsonwebtoken with a KeyObject, as the app's guards), and a game-sized JSON answer; no database.
 * autocannon drives it from its own process (loopback only), the adapters alternate for --rounds.
 */
import { Body, CanActivate, Controller, ExecutionContext, Injectable, Module, Param, Post, UseGuards } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { spawn } from 'node:child_process';
import { createSecretKey } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import { createValidationPipe } from '../src/common/validation.js';
import { PlayMoveDto } from '../src/games/dto/game.dto.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : Number(process.argv[i + 1]);
};
const SECONDS = arg('seconds', 10);
const CONNECTIONS = arg('connections', 64);
const ROUNDS = arg('rounds', 2);
const KEY = createSecretKey(Buffer.from('bench-frameworks-secret-0123456789', 'utf8'));
const TOKEN = jwt.sign({ sub: '7d0f6f1e-0000-4000-8000-000000000001', name: 'bench', guest: false }, KEY, { algorithm: 'HS256' });

@Injectable()
class TokenGuard implements CanActivate {
  canActivate(ctx: ExecutionContext): boolean {
    const req = ctx.switchToHttp().getRequest<{ headers: Record<string, string | undefined>; user?: unknown }>();
    const header = req.headers.authorization ?? '';
    req.user = jwt.verify(header.slice(7), KEY, { algorithms: ['HS256'] });
    return true;
  }
}

/** About the size and shape of a real move answer. */
function answer(id: string, dto: PlayMoveDto) {
  const seat = (name: string) => ({ player: { id, username: name, rating: 1512.25 }, standIn: false });
  return {
    move: { ply: dto.ply, color: 'black', square: dto.square, pass: false, flipped: ['d4', 'd5'], by: 'player', at: new Date().toISOString() },
    game: {
      id,
      rated: true,
      status: 'active',
      roomCode: null,
      settings: { rated: true, turnSeconds: null, showLegalMoves: true },
      black: seat('alice'),
      white: seat('bob'),
      board: '.'.repeat(27) + 'WB......BW' + '.'.repeat(27),
      toMove: 'white',
      ply: dto.ply + 1,
      legalMoves: ['c3', 'e3', 'c5'],
      discs: { black: 4, white: 1 },
      turnDeadline: null,
      result: null,
      createdAt: new Date().toISOString(),
      finishedAt: null,
    },
  };
}

@Controller('api/games')
class MovesController {
  @Post(':id/moves')
  @UseGuards(TokenGuard)
  move(@Param('id') id: string, @Body() dto: PlayMoveDto) {
    return answer(id, dto);
  }
}

@Module({ controllers: [MovesController], providers: [TokenGuard] })
class BenchModule {}

async function serve(kind: 'express' | 'fastify') {
  const adapter = kind === 'express' ? new ExpressAdapter() : new FastifyAdapter();
  const app = await NestFactory.create(BenchModule, adapter, { logger: false });
  app.useGlobalPipes(createValidationPipe());
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address();
  return { app, port: typeof address === 'object' && address ? address.port : 0 };
}

function autocannon(port: number): Promise<{ rps: number; p50: number; p99: number; errors: number; non2xx: number }> {
  const bin = join(require.resolve('autocannon'), '..', 'autocannon.js');
  const args = [bin, '-j', '-c', String(CONNECTIONS), '-d', String(SECONDS), '-m', 'POST', '-H', `Authorization=Bearer ${TOKEN}`, '-H', 'Content-Type=application/json',
    '-b', JSON.stringify({ square: 'd3', ply: 0 }), `http://127.0.0.1:${port}/api/games/7d0f6f1e-0000-4000-8000-0000000000aa/moves`];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => (out += String(c)));
    child.on('exit', () => {
      try {
        const r = JSON.parse(out);
        resolve({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx });
      } catch (err) {
        reject(err);
      }
    });
  });
}

async function main() {
  console.log(`Frameworks benchmark, ${new Date().toISOString()}; nproc ${availableParallelism()}, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`command: npm run build && node dist/bench/frameworks.js --seconds ${SECONDS} --connections ${CONNECTIONS} --rounds ${ROUNDS}\n`);
  const rows: string[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const kind of ['express', 'fastify'] as const) {
      const { app, port } = await serve(kind);
      const r = await autocannon(port);
      await app.close();
      rows.push(`| ${round} | ${kind} | **${Math.round(r.rps)}** | ${r.p50} | ${r.p99} | ${r.errors + r.non2xx} |`);
      console.log(rows.at(-1));
    }
  }
  console.log('\n| round | adapter | req/s | p50 ms | p99 ms | errors + non-2xx |\n|---:|---|---:|---:|---:|---:|\n' + rows.join('\n'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
