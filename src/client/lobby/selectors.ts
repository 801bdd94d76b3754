/** The lobby's selectors: what the views show, from the state alone (pure). */
import { MAX_RANKED_GAMES_PER_PAIR_24H } from '../../matchmaking/domain/pairing';
import { ratingLabel } from '../../ratings/domain/rating-label';
import { t, type Text } from '../common/messages';
import type { LobbyState } from './model';

/** The signed-in player's rating as every page shows it ("1500?" while provisional), or null: none for a guest. */
export function myRating(s: LobbyState): string | null {
  return s.me ? ratingLabel(s.me) : null;
}

/** How far the signed-in player is from the leaderboard: null once listed (or unknown). */
export function ladderNote(s: LobbyState): Text | null {
  const me = s.me;
  const ladder = me?.ladder;
  if (!me || me.bot || !ladder || ladder.listed) return null;
  if (me.guest) return t('lobby.ladder.guest');
  if (ladder.gamesToGo === null) return null; // never listed (an engine user, a closed account)
  return t('lobby.ladder.toGo', { count: ladder.gamesToGo });
}

export function queueWindow(s: LobbyState): Text | null {
  const w = s.ticket?.window;
  return w ? t('lobby.queue.window', { min: String(Math.round(w.min)), max: String(Math.round(w.max)) }) : null;
}

/**
 * Why a waiting ranked ticket is not paired although players wait in its range (GET /api/queue's
 * `held`): they all share an address or a browser with the player, or are at the daily cap.
 */
export function queueHeld(s: LobbyState): Text | null {
  const held = s.ticket?.held;
  if (!held) return null;
  return held.reason === 'linked' ? t('lobby.queue.held.linked') : t('lobby.queue.held.pairCap', { max: MAX_RANKED_GAMES_PER_PAIR_24H });
}

/** h:mm:ss, or m:ss under an hour. */
function timeLeft(ms: number): string {
  const secs = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(secs / 3600);
  const m = Math.floor((secs % 3600) / 60);
  const ss = String(secs % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** A waiting ranked ticket on a cooldown (aborts, sandbagging): why, and the time left. */
export function queueCooldown(s: LobbyState, now: number): Text | null {
  const c = s.ticket?.cooldown;
  if (!c) return null;
  const left = Date.parse(c.until) - now;
  return left > 0 ? t('lobby.queue.cooldown', { reason: c.reason, time: timeLeft(left) }) : null;
}
