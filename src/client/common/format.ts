/** Plain formatting shared by the views (no DOM). */

/** +12, −7 (a real minus sign), ±0. */
export function signed(n: number): string {
  const r = Math.round(n);
  return (r > 0 ? '+' : r < 0 ? '−' : '±') + Math.abs(r);
}

export function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export function gameHref(gameId: string, roomCode?: string | null): string {
  return '/play/' + encodeURIComponent(gameId) + (roomCode ? '?room=' + encodeURIComponent(roomCode) : '');
}

export function validRoomCode(code: unknown): code is string {
  return typeof code === 'string' && /^[A-Za-z0-9]{4,12}$/.test(code.trim());
}

export function playerHref(username: string): string {
  return '/players/' + encodeURIComponent(username);
}
