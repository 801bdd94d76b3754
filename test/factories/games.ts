import request from 'supertest';
import { TestPlayer } from './players.js';

/** A room made by `host`, joined by `guest`: its first game has started (host plays Black). */
export async function startRoomGame(http: any, host: TestPlayer, guest: TestPlayer, settings: Record<string, unknown> = {}) {
  const created = await request(http).post('/api/rooms').set(host.auth).send(settings);
  if (created.status !== 201) throw new Error(`create room: ${created.status} ${JSON.stringify(created.body)}`);
  const joined = await request(http).post(`/api/rooms/${created.body.code}/join`).set(guest.auth).send({});
  if (joined.status !== 200) throw new Error(`join room: ${joined.status} ${JSON.stringify(joined.body)}`);
  return { code: created.body.code as string, gameId: joined.body.gameId as string, room: joined.body };
}
