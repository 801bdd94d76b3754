import { randomBytes } from 'node:crypto';
import request from 'supertest';

export interface TestPlayer {
  id: string;
  username: string;
  token: string;
  auth: { Authorization: string };
}

let counter = 0;

export function uniqueName(prefix = 'p'): string {
  counter += 1;
  return `${prefix}${counter}_${randomBytes(3).toString('hex')}`.slice(0, 20);
}

/** A registered player made through the API. */
export async function registerPlayer(http: any, username = uniqueName(), password = 'password123'): Promise<TestPlayer> {
  const res = await request(http).post('/api/auth/register').send({ username, password });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.player.id, username: res.body.player.username, token: res.body.token, auth: { Authorization: `Bearer ${res.body.token}` } };
}

/** A guest made through the API. */
export async function guestPlayer(http: any): Promise<TestPlayer> {
  const res = await request(http).post('/api/auth/guest').send({});
  if (res.status !== 201) throw new Error(`guest failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.player.id, username: res.body.player.username, token: res.body.token, auth: { Authorization: `Bearer ${res.body.token}` } };
}

/** A bot account (`bot: true`) made through the API. */
export async function registerBot(http: any, username = uniqueName('bot'), password = 'password123'): Promise<TestPlayer> {
  const res = await request(http).post('/api/auth/register').send({ username, password, bot: true });
  if (res.status !== 201) throw new Error(`register bot failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.player.id, username: res.body.player.username, token: res.body.token, auth: { Authorization: `Bearer ${res.body.token}` } };
}
