/** The end card's rematch of a game that was not a room's (a challenge, see ../challenges) and its "challenge back" link. */
import { mountGameRematch } from '../challenges/challenges';
import type { GameController } from './state';

export function mountChallengeRematch(root: HTMLElement, c: GameController): { update(): void } | null {
  const slot = root.querySelector<HTMLElement>('[data-part=game-rematch]');
  return slot ? mountGameRematch(slot, () => c.s.game, () => c.s.me?.id ?? null) : null;
}
