/**
 * The board page's selectors: what the views show, computed from the state alone (pure, no DOM,
 * no requests). Rule predicates come from the game domain (src/games/domain).
 */
import { squareName } from '../../engine/notation';
import { awaitingFirstMove, canAbort } from '../../games/domain/game';
import { overStandInLimitFor, seatAbandoned } from '../../games/domain/stand-in';
import { ratingLabel, ratingStepLabel } from '../../ratings/domain/rating-label';
import { signed } from '../common/format';
import { t, type Text } from '../common/messages';
import { boardAt, countDiscs } from '../common/position';
import type { BoardModel } from '../common/board';
import type { Color, Game, Move } from '../transport/api';
import { other, type GameState } from './model';
export function myColor(s: GameState): Color | null {
  const g = s.game;
  if (!g || !s.me) return null;
  if (g.black.player.id === s.me.id) return 'black';
  if (g.white.player.id === s.me.id) return 'white';
  return null;
}

export function canMove(s: GameState): boolean {
  const g = s.game;
  const mine = myColor(s);
  return !!g && g.status === 'active' && !s.busy && !s.stale && mine !== null && g.toMove === mine;
}

export const countMoves = (s: GameState): number => s.moves.filter(Boolean).length;

/** The game's event stream is worth opening: only while the game is being played. */
export const needsGameStream = (s: GameState): boolean => s.phase === 'ready' && !!s.game && s.game.status === 'active';

/** A rematch can still start from this page: the player's own events are worth following. */
export const needsOwnStream = (s: GameState): boolean => !!s.game && !!myColor(s) && (s.game.status === 'active' || !!s.roomCode);

/** Replaying: the position after `view` records; otherwise the game's board. */
export function shownBoard(s: GameState): string {
  return s.view === null ? s.game!.board : boardAt(s.moves, s.view);
}

function lastMoveSquare(s: GameState): string | null {
  const upto = s.view === null ? s.moves.length : s.view;
  for (let i = upto - 1; i >= 0; i--) {
    const m = s.moves[i];
    if (m && !m.pass) return m.square;
  }
  return null;
}

export function boardModel(s: GameState): BoardModel {
  const g = s.game!;
  const mine = canMove(s) && s.view === null;
  const legal = g.legalMoves && mine ? g.legalMoves : [];
  const board = shownBoard(s);
  const playable: string[] = [];
  if (mine) {
    if (g.legalMoves) playable.push(...g.legalMoves);
    else for (let i = 0; i < 64; i++) if (board.charAt(i) === '.') playable.push(squareName(i));
  }
  return { board, legal, playable, last: lastMoveSquare(s), interactive: mine, color: myColor(s), busy: s.busy || s.stale, pending: s.view === null ? (s.sending?.square ?? null) : null };
}

/** The discs shown for a seat: the game's count, or the replayed position's. */
export function discsOf(s: GameState, color: Color): number {
  return s.view === null ? s.game!.discs[color] : countDiscs(shownBoard(s))[color];
}

export function describeMove(s: GameState, move: Move): Text {
  const name = s.game ? s.game[move.color].player.username : move.color;
  return move.pass ? t('game.announce.pass', { color: move.color, name }) : t('game.announce.move', { color: move.color, name, square: move.square ?? '' });
}

export function statusText(s: GameState): Text {
  const g = s.game!;
  const mine = myColor(s);
  if (g.status === 'active') {
    // The player's move on its way: said at once, and that the server is silent if it is.
    if (s.sending) return t(s.silent ? 'game.status.notAnswering' : 'game.status.sending', { square: s.sending.square });
    const toMove = g.toMove ?? 'black';
    const seat = g[toMove];
    let status: Text;
    if (mine && toMove === mine) status = t('game.status.yourTurn', { color: mine });
    else if (mine) status = t(seat.standIn ? 'game.status.waitingForStandIn' : 'game.status.waitingFor', { name: seat.player.username });
    else status = t('game.status.toMove', { color: toMove, name: seat.player.username });
    // Each player's first move has a deadline in every game: missing it aborts the game.
    if (!awaitingFirstMove(g)) return status;
    return t(mine && toMove === mine ? 'game.status.firstMoveYours' : 'game.status.firstMoveTheirs', { status });
  }
  if (g.status === 'aborted' || !g.result) return t('game.status.aborted');
  if (g.result.winner === null) return t('game.status.draw');
  if (mine) return t(g.result.winner === mine ? 'game.status.won' : 'game.status.lost');
  return t('game.status.wins', { color: g.result.winner });
}

export const isYourTurn = (s: GameState): boolean => !!s.game && s.game.status === 'active' && myColor(s) !== null && s.game.toMove === myColor(s);

export function titleText(s: GameState): Text {
  if (s.phase === 'missing') return t('game.title.missing');
  const g = s.game!;
  return t(isYourTurn(s) ? 'game.title.yourTurn' : 'game.title', { black: g.black.player.username, white: g.white.player.username });
}

export function metaTexts(s: GameState): Text[] {
  const g = s.game!;
  const limit = g.settings.clock
    ? t('game.meta.clock', { label: g.settings.clock.label })
    : g.settings.turnSeconds
      ? t('game.meta.turnLimit', { seconds: g.settings.turnSeconds })
      : t('game.meta.noLimit');
  // Against the computer: its level, and that the game is never rated, in place of "Casual".
  const kind = g.computer ? t('game.meta.computer', { level: String(g.computer.level) }) : t(g.rated ? 'game.meta.rated' : 'game.meta.casual');
  const meta = [kind, limit];
  // Without a turn limit, the game's idle limit: a player who has not moved for this long gets the CPU.
  if (!g.settings.turnSeconds && g.settings.idleSeconds) meta.push(t('game.meta.idleLimit', { time: clockText(g.settings.idleSeconds) }));
  if (!myColor(s)) meta.push(t(s.me ? 'game.meta.watching' : 'game.meta.spectator'));
  if (s.roomCode) meta.push(t('game.meta.room', { code: s.roomCode }));
  return meta;
}

/**
 * A ranked game's count of the CPU's moves for a seat: the viewer's own (and how many more it may
 * play before the game counts as abandoned for them), or the other seat's once it is over the limit.
 */
export function cpuMovesNote(s: GameState): Text | null {
  const g = s.game!;
  const max = g.settings.standInMoves;
  if (g.status !== 'active' || max === null) return null;
  const mine = myColor(s);
  if (mine && g[mine].cpuMoves > 0) return t(g[mine].cpuMoves > max ? 'game.cpuMoves.mineOver' : 'game.cpuMoves.mine', { n: g[mine].cpuMoves, max });
  const over = (['black', 'white'] as const).find((c) => c !== mine && g[c].cpuMoves > max);
  return over ? t('game.cpuMoves.theirsOver', { n: g[over].cpuMoves, name: g[over].player.username }) : null;
}

/** A pass stays on the board until the next move: both sides see who passed and who plays again. */
export function passNotice(s: GameState): Text | null {
  const g = s.game!;
  const last = s.moves[g.ply - 1];
  if (g.status !== 'active' || s.view !== null || !last || !last.pass) return null;
  const mine = myColor(s);
  const passer = last.color;
  if (mine === passer) return t('game.pass.mine', { name: g[other(passer)].player.username });
  if (mine) return t('game.pass.theirs', { name: g[passer].player.username });
  return t('game.pass.watching', { passer, again: other(passer) });
}

/** A seat the CPU plays (not the viewer's): what that means, in plain words. */
export function standInNote(s: GameState): Text | null {
  const g = s.game!;
  const away = (['black', 'white'] as const).filter((c) => g[c].standIn && c !== myColor(s));
  if (g.status !== 'active' || away.length === 0) return null;
  return t('game.standIn', { name: g[away[0]].player.username });
}

const clockText = (secs: number): string => `${Math.floor(secs / 60)}:${String(secs % 60).padStart(2, '0')}`;

/**
 * The opponent to move seems to be gone: in a game without a turn limit their presence keeps
 * pushing standInAt to cpuTakeoverSeconds ahead, so with less than cpuTakeoverSeconds −
 * awayAfterSeconds left nobody has seen them for a while.
 */
export function opponentAway(s: GameState, now: number): Text | null {
  const g = s.game!;
  const mine = myColor(s);
  const them = mine ? other(mine) : null;
  const left = g.standInAt ? Date.parse(g.standInAt) - now : Infinity;
  const below = (s.settings.cpuTakeoverSeconds - s.settings.awayAfterSeconds) * 1000;
  if (g.status !== 'active' || !them || g.toMove !== them || g.settings.turnSeconds || left >= below) return null;
  return t('game.opponentAway', { name: g[them].player.username, time: clockText(Math.max(0, Math.ceil(left / 1000))) });
}

/** Back after the CPU stood in: the squares it played for this player since their last own move. */
export function cpuMovesWhileAway(s: GameState): string[] | null {
  const mine = myColor(s);
  if (!mine || !s.game || s.game.status !== 'active') return null;
  const list = s.moves.filter(Boolean);
  const lastOwn = list.map((m) => m.color === mine && m.by === 'player').lastIndexOf(true);
  const byCpu = list.slice(lastOwn + 1).filter((m) => m.color === mine && m.by === 'cpu' && !m.pass);
  return byCpu.length ? byCpu.map((m) => m.square ?? '') : null;
}

export function awayNote(s: GameState): Text | null {
  return s.awayNote ? t('game.awayNote', { squares: s.awayNote.join(', ') }) : null;
}

export interface ResultView {
  title: Text;
  tone: '' | 'pl-win' | 'pl-loss';
  detail: Text;
  score: Text;
  /** Each seat's rating change, or null for a casual game. */
  changes: { color: Color; text: Text; direction: 'up' | 'down' | 'same' }[] | null;
  rated: boolean;
  /** A ranked game given up before the loser's RATED_MIN_LOSER_MOVES-th own move: ratings unchanged. */
  voided: boolean;
}

/** Over a ranked game's limit of CPU moves for a seat (settings.standInMoves). */
const overCpuLimit = (g: Game, c: Color): boolean => overStandInLimitFor(g[c].cpuMoves, g.settings.standInMoves);

/**
 * Why a seat abandoned: the CPU still held it at the end, or (ranked) it played more than the
 * game's limit of moves for it, whoever was ahead.
 */
function abandonedText(g: Game, loser: Color): Text {
  const name = g[loser].player.username;
  if (!g[loser].standIn && overCpuLimit(g, loser)) return t('game.result.abandonedMoves', { name, n: g[loser].cpuMoves, max: g.settings.standInMoves! });
  return t('game.result.abandoned', { name });
}

/**
 * An aborted game that both players had moved in: the stand-in's moves would have decided it (the
 * CPU over the limit for both seats, a resignation to an abandoned seat, the CPU on both seats).
 */
const standInVoided = (g: Game): boolean => (['black', 'white'] as const).some((c) => seatAbandoned(g[c], g.settings.standInMoves));

export function resultView(s: GameState): ResultView | null {
  const g = s.game!;
  if (g.status === 'active' || !g.result) return null;
  const r = g.result;
  const mine = myColor(s);
  let title: Text;
  let tone: ResultView['tone'] = '';
  if (r.reason === 'aborted') title = t('game.result.aborted');
  else if (r.winner === null) title = t('game.result.draw');
  else if (mine) {
    title = t(r.winner === mine ? 'game.result.won' : 'game.result.lost');
    tone = r.winner === mine ? 'pl-win' : 'pl-loss';
  } else title = t('game.result.wins', { color: r.winner });
  let detailText: Text;
  if (r.reason === 'resign' && r.winner) detailText = t('game.result.resigned', { name: g[other(r.winner)].player.username });
  else if (r.reason === 'time' && r.winner) detailText = t('game.result.time', { name: g[other(r.winner)].player.username });
  else if (r.reason === 'board') detailText = t(r.winner === null ? 'game.result.boardDraw' : 'game.result.board');
  else if (r.reason === 'abandoned' && r.winner) detailText = abandonedText(g, other(r.winner));
  else if (r.reason === 'aborted') detailText = t(standInVoided(g) ? 'game.result.standInVoid' : 'game.result.calledOff');
  else detailText = t('game.result.none');
  const changes = r.ratingChanges
    ? (['black', 'white'] as const).map((c) => {
        const d = Math.round(r.ratingChanges![c]);
        const name = g[c].player.username;
        const delta = signed(r.ratingChanges![c]);
        // Old → new ("1500? → 1662?"), as every page shows a rating; the change alone when the steps are not known.
        const step = r.ratings?.[c];
        const text = step ? t('game.result.ratingStep', { name, step: ratingStepLabel(step), delta }) : t('game.result.ratingChange', { name, delta });
        return { color: c, text, direction: d > 0 ? ('up' as const) : d < 0 ? ('down' as const) : ('same' as const) };
      })
    : null;
  // A ranked game given up early counts for neither rating (RATED_MIN_LOSER_MOVES): the only finished ranked game without changes.
  const voided = g.rated && g.status === 'finished' && !r.ratingChanges && (r.reason === 'resign' || r.reason === 'abandoned' || r.reason === 'time');
  return { title, tone, detail: detailText, score: t('game.result.score', { black: r.discs.black, white: r.discs.white }), changes, rated: g.rated, voided };
}

export interface ActionsView {
  abort: boolean;
  resign: boolean;
  /** A queue game's "Play again": the lobby queues once more in the same mode with the same turn limit (a game against the computer: the lobby's computer card). */
  playAgain: string | null;
}

export function actionsView(s: GameState): ActionsView {
  const g = s.game!;
  const mine = !!myColor(s);
  const queueGame = g.status !== 'active' && mine && !s.roomCode;
  return {
    abort: mine && canAbort(g),
    resign: mine && g.status === 'active' && !canAbort(g),
    // A game against the computer: back to the lobby's computer card (not the queue).
    playAgain: queueGame && g.computer
      ? '/play#computer'
      : queueGame
      ? `/play?again=${g.rated ? 'ranked' : 'unranked'}&turn=${g.settings.turnSeconds ?? ''}&clock=${encodeURIComponent(g.settings.clock?.label ?? '')}`
      : null,
  };
}

export interface RematchView {
  button: Text | null;
  decline: Text | null;
  status: Text | null;
}

/** Rematch by consent: offer, or accept / decline the other seat's offer; offers lapse. */
export function rematchView(s: GameState, now: number): RematchView {
  const g = s.game!;
  const mine = myColor(s);
  if (g.status === 'active' || !mine || !s.roomCode) return { button: null, decline: null, status: null };
  const live = s.offer && Date.parse(s.offer.expiresAt) > now ? s.offer : null;
  const opponent = g[other(mine)].player.username;
  if (!live) return { button: t('game.rematch'), decline: null, status: null };
  if (live.offeredBy === s.me?.id) return { button: null, decline: t('game.rematch.withdraw'), status: t('game.rematch.offered', { name: opponent }) };
  return { button: t('game.rematch.accept'), decline: t('game.rematch.decline'), status: t('game.rematch.offer', { name: opponent }) };
}

export interface ReplayView {
  on: boolean;
  at: number;
  total: number;
  position: Text;
}

export function replayView(s: GameState): ReplayView {
  const g = s.game!;
  const total = countMoves(s);
  const at = s.view ?? total;
  return {
    on: g.status !== 'active' && total > 0 && total >= g.ply,
    at,
    total,
    position: at === 0 ? t('replay.start') : t('replay.position', { at, total }),
  };
}

export interface ClockView {
  on: boolean;
  text: string;
  low: boolean;
  /** This seat's time is running now. */
  running: boolean;
}

/** A clock's time: m:ss, with tenths under 10 s. */
const clockMsText = (ms: number): string => (ms < 10_000 ? `0:0${(Math.floor(ms / 100) / 10).toFixed(1)}` : clockText(Math.ceil(ms / 1000)));

/** A seat's time left (ms) at `now`: its clock, counted down locally from the values last received while it runs. */
export function clockLeft(s: GameState, color: Color, now: number): number | null {
  const g = s.game;
  if (!g?.clocks) return null;
  const running = g.status === 'active' && g.clocks.running === color;
  return Math.max(0, g.clocks[color] - (running ? Math.max(0, now - s.clockAt) : 0));
}

/**
 * A seat's clock: in a clocked game both seats' time left, always shown (the running one counting
 * down); a first move's own timer, a turn limit's time left, or (no clock, no turn limit) the idle
 * limit's last minute for the side to move.
 */
export function clockOf(s: GameState, color: Color, now: number): ClockView {
  const g = s.game;
  const off = { on: false, text: '', low: false, running: false };
  if (!g) return off;
  const toMove = g.status === 'active' && g.toMove === color;
  const firstMove = toMove && !!g.turnDeadline && awaitingFirstMove(g);
  if (g.clocks && !firstMove) {
    const left = clockLeft(s, color, now)!;
    const running = g.status === 'active' && g.clocks.running === color;
    return { on: true, text: clockMsText(left), low: running && left <= 10_000, running };
  }
  if (toMove && g.idleDeadline && !g.turnDeadline) {
    const ms = Date.parse(g.idleDeadline) - now;
    if (ms > 60_000) return off;
    return { on: true, text: clockText(Math.max(0, Math.ceil(ms / 1000))), low: true, running: true };
  }
  if (!toMove || !g.turnDeadline) return off;
  const left = Math.max(0, Math.ceil((Date.parse(g.turnDeadline) - now) / 1000));
  return { on: true, text: clockText(left), low: left <= 10, running: true };
}

/** When a running clock is announced: as it crosses each of these (seconds left), once a turn. */
const CLOCK_ALERTS = [60, 30, 10] as const;

/**
 * What to tell a screen reader about the clock now, at sensible moments only (never every second):
 * the mover's clock crossing 60, 30 and 10 s left (a clocked game), or the viewer's own idle limit's
 * last minute (untimed game); null when nothing new. Marks what it said in the state.
 */
export function clockAnnouncement(s: GameState, now: number): Text | null {
  const g = s.game;
  if (!g || g.status !== 'active' || !g.toMove) return null;
  const mover = g.toMove;
  let leftMs: number | null = null;
  let text: (time: string) => Text;
  if (g.clocks?.running === mover) {
    leftMs = clockLeft(s, mover, now);
    text = (time) => t('game.clock.announce', { name: g[mover].player.username, time });
  } else if (!g.clocks && g.idleDeadline && !g.turnDeadline && myColor(s) === mover) {
    leftMs = Date.parse(g.idleDeadline) - now;
    text = (time) => t('game.clock.idle', { time });
  } else return null;
  if (leftMs === null || leftMs <= 0) return null;
  const below = CLOCK_ALERTS.filter((b) => leftMs! <= b * 1000).at(-1);
  if (below === undefined) return null;
  const said = s.clockAlert;
  if (said && said.ply === g.ply && said.below <= below) return null;
  s.clockAlert = { ply: g.ply, below };
  return text(clockText(Math.ceil(leftMs / 1000)));
}

export function seatView(s: GameState, color: Color): { name: string; rating: string; standIn: boolean; you: boolean; discs: number; toMove: boolean } {
  const g = s.game!;
  const seat = g[color];
  return {
    name: seat.player.username,
    rating: ratingLabel(seat.player) ?? '',
    standIn: seat.standIn && g.status === 'active',
    you: myColor(s) === color,
    discs: discsOf(s, color),
    toMove: g.status === 'active' && g.toMove === color,
  };
}
