import request from 'supertest';
import type { TestApp } from '../support/app.js';
import { playOpening, startRankedGame, startRoomGame } from '../factories/games.js';
import { guestPlayer, registerPlayer, TestPlayer } from '../factories/players.js';
import { LeaderboardService } from '../../src/leaderboard/leaderboard.service.js';

/**
 * A small seeded ladder for the page tests (e2e and browser):
 * - `ada` and `bruno` start as established players (RD 80, set with SQL: provisional players
 *   are not on the leaderboard) and play RATED_GAMES real ranked games (colours alternate; both
 *   open, a few more moves, then the loser resigns), so they have real rating history;
 * - others get their rating rows set with SQL: three at 1800 (a lower-RD one first, then two
 *   with equal RD ordered by name) and a low one;
 * - off the board: a provisional player (RD ≥ 110), an inactive player (last rated 200 days
 *   ago), one with too few games and a guest with a high rating;
 * - one casual game between ada and Chen left in progress, so ada's recent games show it.
 */
export interface SeededLadder {
  ada: TestPlayer;
  bruno: TestPlayer;
  /** Everyone registered, by name. */
  players: Record<string, TestPlayer>;
  /** The rated games ada and bruno played, oldest first. */
  ratedGameIds: string[];
  /** The casual game left in progress. */
  casualGameId: string;
  /** Names that must not be on the leaderboard. */
  offBoard: string[];
}

export const RATED_GAMES = 8;

/** Who resigns each rated game (by index): ada wins 5, bruno 3. */
const BRUNO_LOSES = [true, true, false, true, false, true, true, false];

interface SqlRating {
  rating: number;
  rd: number;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  daysAgo: number;
}

const SQL_PLAYERS: Record<string, SqlRating> = {
  emil: { rating: 1800, rd: 50, games: 80, wins: 45, draws: 10, losses: 25, daysAgo: 1 },
  Chen: { rating: 1800, rd: 60, games: 40, wins: 22, draws: 6, losses: 12, daysAgo: 2 },
  dara: { rating: 1800, rd: 60, games: 31, wins: 17, draws: 2, losses: 12, daysAgo: 3 },
  fatou: { rating: 1650, rd: 140, games: 7, wins: 5, draws: 0, losses: 2, daysAgo: 4 },
  ivo: { rating: 1200, rd: 80, games: 60, wins: 18, draws: 4, losses: 38, daysAgo: 10 },
  gus: { rating: 2100, rd: 60, games: 90, wins: 70, draws: 5, losses: 15, daysAgo: 200 },
  hana: { rating: 1900, rd: 90, games: 3, wins: 3, draws: 0, losses: 0, daysAgo: 1 },
};

async function setRating(t: TestApp, id: string, r: SqlRating): Promise<void> {
  await t.db.query(
    `UPDATE players SET rating = $2, rd = $3, volatility = 0.06, games = $4, wins = $5, draws = $6, losses = $7,
       last_rated_at = now() - make_interval(days => $8)
     WHERE id = $1`,
    [id, r.rating, r.rd, r.games, r.wins, r.draws, r.losses, r.daysAgo],
  );
}

/** Plays `moves` legal moves (the first legal one each time) in an active game. */
async function playSomeMoves(t: TestApp, gameId: string, byColor: Record<'black' | 'white', TestPlayer>, moves: number): Promise<void> {
  for (let i = 0; i < moves; i++) {
    const game = (await request(t.http).get(`/api/games/${gameId}`).expect(200)).body;
    if (game.status !== 'active' || !game.legalMoves?.length) return;
    const mover = byColor[game.toMove as 'black' | 'white'];
    await request(t.http).post(`/api/games/${gameId}/moves`).set(mover.auth).send({ square: game.legalMoves[0], ply: game.ply }).expect(201);
  }
}

export async function seedLadder(t: TestApp): Promise<SeededLadder> {
  const ada = await registerPlayer(t.http, 'ada');
  const bruno = await registerPlayer(t.http, 'bruno');
  const players: Record<string, TestPlayer> = { ada, bruno };
  for (const [name, rating] of Object.entries(SQL_PLAYERS)) {
    players[name] = await registerPlayer(t.http, name);
    await setRating(t, players[name].id, rating);
  }
  const guest = await guestPlayer(t.http);
  await setRating(t, guest.id, { rating: 2200, rd: 50, games: 30, wins: 30, draws: 0, losses: 0, daysAgo: 1 });

  // Established players before their first game (RD 80): the games below then keep them off "provisional".
  await t.db.query('UPDATE players SET rd = 80 WHERE id = ANY($1)', [[ada.id, bruno.id]]);
  const ratedGameIds: string[] = [];
  for (let i = 0; i < RATED_GAMES; i++) {
    const byColor = i % 2 === 0 ? { black: ada, white: bruno } : { black: bruno, white: ada };
    const { gameId } = await startRankedGame(t.app, byColor.black, byColor.white);
    // A game is rated only once both players have moved.
    await playOpening(t.http, gameId, byColor.black, byColor.white);
    await playSomeMoves(t, gameId, byColor, i % 4);
    const loser = BRUNO_LOSES[i] ? bruno : ada;
    const ended = await request(t.http).post(`/api/games/${gameId}/resign`).set(loser.auth).send({}).expect(200);
    if (!ended.body.result?.ratingChanges) throw new Error(`rated game ${gameId} was not rated: ${JSON.stringify(ended.body.result)}`);
    ratedGameIds.push(gameId);
  }

  // The rating rows set by SQL went around the rating service: rebuild the leaderboard from the rows.
  await t.app.get(LeaderboardService).rebuild();

  const casual = await startRoomGame(t.http, players.Chen, ada, {});
  await playSomeMoves(t, casual.gameId, { black: players.Chen, white: ada }, 3);

  return { ada, bruno, players, ratedGameIds, casualGameId: casual.gameId, offBoard: ['fatou', 'gus', 'hana', guest.username] };
}

/** The leaderboard order the seed implies (rating desc, RD asc, name), given ada's and bruno's real ratings. */
export function expectedOrder(apiRatings: Record<string, { rating: number; rd: number }>): string[] {
  const board = ['emil', 'Chen', 'dara', 'ivo', 'ada', 'bruno'];
  const raw: Record<string, { rating: number; rd: number }> = { ...SQL_PLAYERS, ada: apiRatings.ada, bruno: apiRatings.bruno };
  return [...board].sort((a, b) => raw[b].rating - raw[a].rating || raw[a].rd - raw[b].rd || (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
}
