import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { startTestApp, TestApp } from '../support/app.js';

/** Every route of the HTTP contract, as the OpenAPI schema must list it. */
const CONTRACT: [string, string][] = [
  ['post', '/api/auth/register'],
  ['post', '/api/auth/login'],
  ['post', '/api/auth/guest'],
  ['get', '/api/players/me'],
  ['get', '/api/players/{username}'],
  ['get', '/api/players/{username}/games'],
  ['get', '/api/players/{username}/rating-history'],
  ['post', '/api/queue'],
  ['get', '/api/queue'],
  ['delete', '/api/queue'],
  ['post', '/api/rooms'],
  ['get', '/api/rooms/{code}'],
  ['post', '/api/rooms/{code}/join'],
  ['patch', '/api/rooms/{code}'],
  ['post', '/api/rooms/{code}/rematch'],
  ['delete', '/api/rooms/{code}/rematch'],
  ['get', '/api/games/{id}'],
  ['post', '/api/games/{id}/moves'],
  ['post', '/api/games/{id}/resign'],
  ['post', '/api/games/{id}/seat'],
  ['get', '/api/games/{id}/moves'],
  ['get', '/api/games/{id}/transcript'],
  ['get', '/api/games/{id}/events'],
  ['get', '/api/me/events'],
  ['get', '/api/leaderboard'],
  ['get', '/health'],
  ['get', '/api/games/{id}/analysis'],
  ['get', '/api/games/{id}/ggf'],
  ['post', '/api/games/{id}/reports'],
  ['get', '/api/mod/reports'],
  ['get', '/api/mod/players/{username}'],
  ['post', '/api/mod/players/{username}/actions'],
];

describe('the OpenAPI schema', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists every route of the contract, with its response schema', async () => {
    const { body } = await request(t.http).get('/docs-json').expect(200);
    const missing = CONTRACT.filter(([method, path]) => !body.paths[path]?.[method]);
    expect(missing).toEqual([]);
    for (const [method, path] of CONTRACT) {
      expect(Object.keys(body.paths[path][method].responses).length).toBeGreaterThan(0);
    }
  });

  it('describes the shapes clients are written against', async () => {
    const { schemas } = (await request(t.http).get('/docs-json').expect(200)).body.components;
    const fields = (name: string) => Object.keys(schemas[name]?.properties ?? {}).sort();
    expect(fields('PlayerDto')).toEqual(
      ['id', 'username', 'guest', 'bot', 'rating', 'rd', 'volatility', 'provisional', 'rank', 'games', 'wins', 'draws', 'losses', 'createdAt', 'engineUser', 'closed'].sort(),
    );
    expect(fields('GameDto')).toEqual(
      expect.arrayContaining(['id', 'rated', 'status', 'settings', 'black', 'white', 'board', 'toMove', 'ply', 'legalMoves', 'discs', 'turnDeadline', 'clocks', 'result', 'opening', 'createdAt', 'finishedAt']),
    );
    expect(fields('GameSummaryDto')).toEqual(['black', 'computer', 'createdAt', 'finishedAt', 'id', 'opening', 'ply', 'rated', 'result', 'status', 'white']);
    expect(schemas.GameSummaryDto.properties.opening).toMatchObject({ type: 'string', nullable: true });
    expect(fields('MoveDto')).toEqual(['at', 'by', 'color', 'flipped', 'pass', 'ply', 'square']);
    expect(fields('TicketDto')).toEqual(['clock', 'cooldown', 'gameId', 'held', 'id', 'joinedAt', 'mode', 'reason', 'state', 'turnSeconds', 'window']);
    expect(fields('QueueHeldDto')).toEqual(['players', 'reason']);
    expect(fields('RankedCooldownDto')).toEqual(['reason', 'until']);
    expect(fields('SeatDto')).toEqual(['cpuMoves', 'player', 'standIn']);
    expect(fields('GameSettingsDto')).toEqual(['clock', 'idleSeconds', 'rated', 'showLegalMoves', 'standInMoves', 'turnSeconds']);
    expect(fields('RoomDto')).toEqual(['code', 'gameId', 'games', 'hostId', 'rematch', 'seats', 'settings']);
    expect(fields('RoomSettingsDto')).toEqual(['clock', 'showLegalMoves', 'swapColors', 'turnSeconds']);
    expect(fields('RematchOfferDto')).toEqual(['expiresAt', 'offeredBy']);
    expect(fields('LeaderboardDto')).toEqual(['entries', 'total']);
    expect(fields('PlayMoveDto')).toEqual(['lag', 'ply', 'square']);
    expect(fields('GameClocksDto')).toEqual(['at', 'black', 'running', 'white']);
  });

  it('keeps the HTML pages out of the API schema', async () => {
    const { body } = await request(t.http).get('/docs-json').expect(200);
    expect(Object.keys(body.paths).filter((p) => !p.startsWith('/api/') && p !== '/health')).toEqual([]);
  });
});
