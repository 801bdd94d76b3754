/**
 * The board page (/play/:id): the game from the API, live updates from its event stream, moves by
 * click or keyboard, the result, rematch, and, once the game is over, a replay to step through.
 */
import { api, ApiError, detail, type Color, type Game, type Move, type Player } from '../api';
import { $, $$, h, show, text } from '../lib/dom';
import { cap, gameHref, playerHref, rating, signed, validRoomCode } from '../lib/format';
import { followGame, followMe, type GameEvent } from '../api/events';
import type { Stream } from '../lib/sse';
import { getToken } from '../lib/storage';
import { boardAt, countDiscs, applyRecord, parseSquare, step } from './board';
import { playMoveSound, setSound, soundOn } from './sound';
import { mountAnalysis } from './view-analysis';

const other = (c: Color): Color => (c === 'black' ? 'white' : 'black');

interface State {
  me: Player | null;
  game: Game | null;
  /** Move records by ply. */
  moves: Move[];
  lastEventId: number | null;
  busy: boolean;
  /** A move event arrived and the new turn's state is on its way. */
  stale: boolean;
  leaving: boolean;
  /** Replay position (records shown) once the game is over; null shows the final board. */
  view: number | null;
  /** The board's one tab stop (roving tabindex). */
  focus: number;
}

/** Under this much time before the stand-in, an opponent to move has not been seen for a while (see renderOpponentAway). */
const AWAY_BELOW_MS = 42_000;

export function startGame(root: HTMLElement): void {
  const gameId = root.getAttribute('data-game-id') ?? '';
  const roomParam = new URLSearchParams(location.search).get('room');
  let roomCode: string | null = validRoomCode(roomParam) ? roomParam.trim().toUpperCase() : null;
  const boardEl = $('[data-testid=board]');
  const squares = $$<HTMLButtonElement>('[data-square]', boardEl);
  const s: State = { me: null, game: null, moves: [], lastEventId: null, busy: false, stale: false, leaving: false, view: null, focus: 19 };
  let gameStream: Stream | null = null;
  let meStream: Stream | null = null;
  let flashTimer: ReturnType<typeof setTimeout> | undefined;
  let resignTimer: ReturnType<typeof setTimeout> | undefined;
  let rematching = false;
  /** The room's standing rematch offer (game over, room games only). */
  let offer: { offeredBy: string; expiresAt: string } | null = null;
  /** Whether the move list was last drawn for a finished game (its moves are then buttons). */
  let listOver = false;
  // The engine's analysis beside the replay, once the game is over (./view-analysis.ts).
  const analysisBox = document.getElementById('game-analysis');
  const analysisView = analysisBox
    ? mountAnalysis(analysisBox, {
        gameId,
        at: () => s.view ?? countMoves(),
        goTo: (v) => goTo(v),
        over: () => !!s.game && s.game.status !== 'active',
        viewerColor: () => myColor(),
        playerName: (c) => s.game?.[c].player.username ?? '',
        moveList: () => $('[data-testid=move-list]'),
      })
    : null;

  function myColor(): Color | null {
    const g = s.game;
    const me = s.me;
    if (!g || !me) return null;
    if (g.black.player.id === me.id) return 'black';
    if (g.white.player.id === me.id) return 'white';
    return null;
  }
  function canMove(): boolean {
    const g = s.game;
    return !!g && g.status === 'active' && !s.busy && !s.stale && myColor() !== null && g.toMove === myColor();
  }
  const countMoves = () => s.moves.filter(Boolean).length;

  function flash(message: string, info = false): void {
    const el = $('[data-testid=flash]');
    clearTimeout(flashTimer);
    text(el, message);
    el.classList.toggle('pl-info', info);
    show(el, !!message);
    if (message) flashTimer = setTimeout(() => show(el, false), 5000);
  }
  /** A polite announcement for screen readers (moves, passes, the result). */
  function announce(message: string): void {
    const el = $('[data-testid=announcer]');
    text(el, message);
  }
  /** Feedback at the square itself: a brief mark and a line under the board. */
  function squareFeedback(square: string, message: string): void {
    const el = squares[parseSquare(square) ?? 0];
    el.setAttribute('data-bad', 'true');
    setTimeout(() => el.removeAttribute('data-bad'), 1200);
    const hint = $('[data-testid=square-hint]');
    text(hint, message);
    show(hint, true);
  }

  /** Accepts a game state unless it is older than the one shown. */
  function setGame(g: Game): void {
    const cur = s.game;
    if (cur && g.ply < cur.ply) return;
    if (cur && cur.status !== 'active' && g.status === 'active') return;
    s.game = g;
    if (g.roomCode) roomCode = g.roomCode;
    s.stale = false;
    if (s.lastEventId === null || g.ply > s.lastEventId) s.lastEventId = g.ply;
    if (countMoves() !== g.ply) void loadMoves();
  }

  let refreshing = false;
  let again = false;
  async function refresh(): Promise<void> {
    if (refreshing) {
      again = true;
      return;
    }
    refreshing = true;
    try {
      do {
        again = false;
        setGame(await api.game(gameId));
      } while (again);
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) return notFound();
      flash((e as Error).message);
    } finally {
      refreshing = false;
      render();
    }
  }
  async function loadMoves(): Promise<void> {
    try {
      const r = await api.moves(gameId);
      // Merged, not replaced: a move event may have arrived while this was on its way.
      for (const m of r.moves) s.moves[m.ply] = m;
      renderMoves();
      render();
    } catch {
      /* the list catches up on the next event */
    }
  }

  function describe(move: Move): string {
    const name = s.game ? s.game[move.color].player.username : cap(move.color);
    return move.pass ? `${cap(move.color)} (${name}) has no legal move and passes.` : `${cap(move.color)} (${name}) played ${move.square}.`;
  }

  /** A move event: show it at once (placed disc and flips), then fetch the new turn's state. */
  function onMove(move: Move): void {
    const fresh = !s.moves[move.ply];
    if (fresh) s.moves[move.ply] = move;
    const g = s.game;
    if (fresh && g && move.ply >= g.ply) {
      announce(describe(move));
      if (!move.pass) playMoveSound(move.color);
    }
    if (g && move.ply === g.ply && g.status === 'active') {
      const board = applyRecord(g.board, move);
      s.game = { ...g, board, ply: g.ply + 1, toMove: other(move.color), discs: countDiscs(board), legalMoves: null, turnDeadline: null };
      s.stale = true;
      render();
      void refresh();
    } else if (g && move.ply >= g.ply) {
      void refresh();
    } else render();
  }

  function onEvent(ev: GameEvent): void {
    if (ev.name === 'move' && ev.id !== null && (s.lastEventId === null || ev.id > s.lastEventId)) s.lastEventId = ev.id;
    if (ev.name === 'move') onMove(ev.data);
    else if (ev.name === 'end') {
      setGame(ev.data);
      render();
      announce($('[data-testid=turn-status]').textContent ?? '');
    } else if (ev.name === 'seat') void refresh();
  }

  // ---- rendering ----
  function renderSeat(color: Color): void {
    const g = s.game!;
    const seat = g[color];
    const el = $(`[data-testid=seat-${color}]`);
    const name = $<HTMLAnchorElement>('[data-testid=player-name]', el);
    text(name, seat.player.username);
    name.href = playerHref(seat.player.username);
    text($('[data-testid=player-rating]', el), rating(seat.player.rating));
    show($('[data-testid=cpu-badge]', el), seat.standIn && g.status === 'active');
    show($('[data-testid=you-badge]', el), myColor() === color);
    const board = shownBoard();
    text($('[data-testid=disc-count]', el), s.view === null ? g.discs[color] : countDiscs(board)[color]);
    el.classList.toggle('pl-to-move', g.status === 'active' && g.toMove === color);
  }

  /** Replaying: the position after `view` records; otherwise the game's board. */
  function shownBoard(): string {
    return s.view === null ? s.game!.board : boardAt(s.moves, s.view);
  }
  function lastMoveSquare(): string | null {
    const upto = s.view === null ? s.moves.length : s.view;
    for (let i = upto - 1; i >= 0; i--) {
      const m = s.moves[i];
      if (m && !m.pass) return m.square;
    }
    return null;
  }

  function renderBoard(): void {
    const g = s.game!;
    const mine = canMove() && s.view === null;
    const legal = g.legalMoves && mine ? g.legalMoves : [];
    const last = lastMoveSquare();
    const board = shownBoard();
    squares.forEach((el, i) => {
      const ch = board.charAt(i);
      const disc = ch === 'B' ? 'black' : ch === 'W' ? 'white' : '';
      const prev = el.getAttribute('data-disc') ?? '';
      if (prev !== disc) {
        el.setAttribute('data-disc', disc);
        el.classList.toggle('pl-new', prev === '' && disc !== '');
        // A flipped disc turns over (CSS skips it under prefers-reduced-motion).
        el.classList.toggle('pl-flip', prev !== '' && disc !== '');
      }
      const sq = el.getAttribute('data-square') ?? '';
      const isLegal = legal.includes(sq);
      const playable = mine && (g.legalMoves ? isLegal : disc === '');
      el.setAttribute('data-legal', isLegal ? 'true' : 'false');
      el.setAttribute('data-playable', playable ? 'true' : 'false');
      el.setAttribute('data-last', sq === last ? 'true' : 'false');
      el.setAttribute('aria-label', sq + (disc ? ', ' + disc : isLegal ? ', legal move' : ', empty'));
      el.tabIndex = i === s.focus ? 0 : -1;
    });
    boardEl.setAttribute('data-interactive', mine ? 'true' : 'false');
    boardEl.setAttribute('data-color', myColor() ?? '');
    boardEl.setAttribute('data-busy', s.busy || s.stale ? 'true' : 'false');
  }

  function renderStatus(): void {
    const g = s.game!;
    const mine = myColor();
    const el = $('[data-testid=turn-status]');
    let msg: string;
    el.classList.remove('pl-your-turn');
    if (g.status === 'active') {
      const seat = g[g.toMove ?? 'black'];
      if (mine && g.toMove === mine) {
        msg = 'Your turn — you play ' + cap(mine);
        el.classList.add('pl-your-turn');
      } else if (mine) msg = 'Waiting for ' + seat.player.username + (seat.standIn ? ' (the CPU is playing for them)' : '') + '…';
      else msg = cap(g.toMove ?? 'black') + ' to move · ' + seat.player.username;
      // Each player's first move has a deadline in every game: missing it aborts the game.
      if (firstMoveOf(g)) msg += mine && g.toMove === mine ? ' · make your first move before the clock runs out, or the game is aborted' : ' · first move: the game is aborted if it does not come in time';
    } else if (g.status === 'aborted' || !g.result) msg = 'Game aborted';
    else if (g.result.winner === null) msg = 'Game over · Draw';
    else if (mine) msg = 'Game over · ' + (g.result.winner === mine ? 'You won' : 'You lost');
    else msg = 'Game over · ' + cap(g.result.winner) + ' wins';
    text(el, msg);
    const turn = g.status === 'active' && mine && g.toMove === mine;
    document.title = (turn ? '● Your turn · ' : '') + g.black.player.username + ' vs ' + g.white.player.username + ' · Outflank';
    const meta = [g.rated ? 'Rated' : 'Casual', g.settings.turnSeconds ? g.settings.turnSeconds + ' s per move' : 'No time limit'];
    if (!mine) meta.push(s.me ? 'Watching' : 'Watching as a spectator');
    if (roomCode) meta.push('Room ' + roomCode);
    text($('[data-testid=game-meta]'), meta.join(' · '));
  }

  /** A pass stays on the board until the next move: both sides see who passed and who plays again. */
  function renderPass(): void {
    const g = s.game!;
    const el = $('[data-testid=pass-notice]');
    const last = s.moves[g.ply - 1];
    const on = g.status === 'active' && s.view === null && !!last && last.pass;
    show(el, on);
    if (!on || !last) return;
    const mine = myColor();
    const passer = last.color;
    if (mine === passer) text(el, 'You have no legal move: you pass, and ' + g[other(passer)].player.username + ' plays again.');
    else if (mine) text(el, g[passer].player.username + ' has no legal move and passes: your turn again.');
    else text(el, cap(passer) + ' has no legal move and passes: ' + cap(other(passer)) + ' plays again.');
  }

  /** A seat the CPU plays: what that means, in plain words. */
  function renderStandIn(): void {
    const g = s.game!;
    const el = $('[data-testid=standin-note]');
    const away = (['black', 'white'] as const).filter((c) => g[c].standIn && c !== myColor());
    const on = g.status === 'active' && away.length > 0;
    show(el, on);
    if (on) {
      const name = g[away[0]].player.username;
      text(el, `${name} left the game: the CPU plays for them until they come back. If it is still playing for them when the game ends, ${name} loses it (abandoned).`);
    }
  }

  /**
   * The opponent to move seems to be gone: in a game without a turn limit their presence (requests,
   * an open event stream) keeps pushing standInAt to CPU_TAKEOVER_SECONDS ahead (60 s by default,
   * refreshed at least every 15 s), so under AWAY_BELOW_MS left nobody has seen them for a while.
   */
  function renderOpponentAway(): void {
    const g = s.game!;
    const mine = myColor();
    const el = $('[data-testid=opponent-away]');
    const them = mine ? other(mine) : null;
    const left = g.standInAt ? Date.parse(g.standInAt) - Date.now() : Infinity;
    const on = g.status === 'active' && !!them && g.toMove === them && !g.settings.turnSeconds && left < AWAY_BELOW_MS;
    show(el, on);
    if (!on || !them) return;
    const secs = Math.max(0, Math.ceil(left / 1000));
    const name = g[them].player.username;
    text(el, `${name} seems to be disconnected: if they do not come back, the CPU plays for them in ${Math.floor(secs / 60)}:${String(secs % 60).padStart(2, '0')} (and if it is still playing for them at the end, they lose).`);
  }

  /** Back after the CPU stood in: say what it played (until our next move). */
  function awayNote(): void {
    const mine = myColor();
    if (!mine || !s.game || s.game.status !== 'active') return;
    const list = s.moves.filter(Boolean);
    const lastOwn = list.map((m) => m.color === mine && m.by === 'player').lastIndexOf(true);
    const byCpu = list.slice(lastOwn + 1).filter((m) => m.color === mine && m.by === 'cpu' && !m.pass);
    if (byCpu.length === 0) return;
    const el = $('[data-testid=away-note]');
    text(el, `While you were away, the CPU played ${byCpu.map((m) => m.square).join(', ')} for you.`);
    show(el, true);
  }

  /** Whether the side to move has yet to make their first move (Black at ply 0, White at ply 1). */
  function firstMoveOf(g: { ply: number; toMove: 'black' | 'white' | null; status: string }): boolean {
    return g.status === 'active' && ((g.toMove === 'black' && g.ply === 0) || (g.toMove === 'white' && g.ply === 1));
  }

  function renderResult(): void {
    const g = s.game!;
    const el = $('[data-testid=result-banner]');
    if (g.status === 'active' || !g.result) {
      show(el, false);
      return;
    }
    const r = g.result;
    const mine = myColor();
    let title: string;
    let cls = '';
    if (r.reason === 'aborted') title = 'Game aborted';
    else if (r.winner === null) title = 'Draw';
    else if (mine) {
      title = r.winner === mine ? 'You won!' : 'You lost';
      cls = r.winner === mine ? 'pl-win' : 'pl-loss';
    } else title = cap(r.winner) + ' wins';
    el.className = 'pl-result ' + cls;
    text($('[data-testid=result-title]', el), title);
    let detailText: string;
    if (r.reason === 'resign' && r.winner) detailText = g[other(r.winner)].player.username + ' resigned';
    else if (r.reason === 'board') detailText = r.winner === null ? 'Equal discs on the board' : 'Most discs on the board';
    else if (r.reason === 'abandoned' && r.winner)
      detailText = g[other(r.winner)].player.username + ' abandoned the game: the CPU was still playing for them at the end, so they lose';
    else if (r.reason === 'aborted') detailText = 'Called off before both players had moved (a first move never came, or a player aborted): no result, ratings unchanged';
    else detailText = 'No result';
    text($('[data-testid=result-detail]', el), detailText);
    text($('[data-testid=result-score]', el), 'Black ' + r.discs.black + ' – ' + r.discs.white + ' White');
    const changes = $('[data-testid=rating-changes]', el);
    changes.textContent = '';
    if (r.ratingChanges) {
      for (const c of ['black', 'white'] as const) {
        const d = r.ratingChanges[c];
        const cls2 = Math.round(d) > 0 ? 'pl-up' : Math.round(d) < 0 ? 'pl-down' : '';
        changes.append(h('span', { 'data-testid': 'rating-change-' + c, class: cls2 }, g[c].player.username + ' ' + signed(d)));
      }
    } else {
      changes.append(h('span', { class: 'pl-hint' }, g.rated ? '' : 'Casual game: ratings unchanged'));
    }
    show(el, true);
  }

  function renderActions(): void {
    const g = s.game!;
    const mine = myColor();
    // Before both players have moved the game can only be called off (a resignation would abort it too).
    const early = g.status === 'active' && g.ply < 2;
    show($('[data-testid=abort-button]'), early && !!mine);
    show($('[data-testid=resign-button]'), g.status === 'active' && !early && !!mine);
    renderRematch();
    // A queue game: "Play again" queues once more in the same mode and with the same turn limit.
    const again = $<HTMLAnchorElement>('[data-testid=play-again]');
    const queueGame = g.status !== 'active' && !!mine && !roomCode;
    show(again, queueGame);
    if (queueGame) again.href = `/play?again=${g.rated ? 'ranked' : 'unranked'}&turn=${g.settings.turnSeconds ?? ''}`;
  }

  /** Rematch by consent: offer, or accept / decline the other seat's offer; offers lapse. */
  function renderRematch(): void {
    const g = s.game!;
    const mine = myColor();
    const on = g.status !== 'active' && !!mine && !!roomCode;
    const live = offer && Date.parse(offer.expiresAt) > Date.now() ? offer : null;
    const button = $<HTMLButtonElement>('[data-testid=rematch-button]');
    const decline = $<HTMLButtonElement>('[data-testid=rematch-decline]');
    const status = $('[data-testid=rematch-status]');
    show(button, on && !(live && live.offeredBy === s.me?.id));
    show(decline, on && !!live);
    show(status, on && !!live);
    if (!on || !mine) return;
    const opponent = g[other(mine)].player.username;
    if (!live) text(button, 'Rematch');
    else if (live.offeredBy === s.me?.id) {
      text(status, `Rematch offered: waiting for ${opponent} to accept.`);
      text(decline, 'Withdraw offer');
    } else {
      text(status, `${opponent} offers a rematch.`);
      text(button, 'Accept rematch');
      text(decline, 'Decline');
    }
  }

  function renderMoves(): void {
    const ol = $('[data-testid=move-list]');
    const list = s.moves.filter(Boolean);
    const over = !!s.game && s.game.status !== 'active';
    listOver = over;
    ol.textContent = '';
    for (const m of list) {
      const sq = h('span', m.pass ? { class: 'pl-pass' } : {}, m.pass ? 'pass' : (m.square ?? ''));
      const parts: (Node | string)[] = [
        h('span', { class: 'pl-n' }, String(m.ply + 1)),
        h('span', { class: 'pl-dot pl-dot-' + m.color, 'aria-label': m.color }),
        sq,
      ];
      if (m.by === 'cpu') parts.push(h('span', { class: 'pl-by-cpu', title: 'played by the CPU stand-in' }, 'CPU'));
      // Once the game is over, a move in the list shows the board after it.
      const item = over
        ? h('li', { 'data-testid': 'move-item', 'data-ply': String(m.ply) }, h('button', { type: 'button', class: 'pl-move-btn' }, ...parts))
        : h('li', { 'data-testid': 'move-item', 'data-ply': String(m.ply) }, ...parts);
      ol.append(item);
    }
    show($('[data-testid=no-moves]'), list.length === 0);
    text($('[data-testid=move-count]'), list.length ? list.length + (list.length === 1 ? ' move' : ' moves') : '');
    ol.scrollTop = ol.scrollHeight;
  }

  function renderReplay(): void {
    const g = s.game!;
    const total = countMoves();
    const on = g.status !== 'active' && total > 0 && total >= g.ply;
    const box = $('[data-testid=replay]');
    show(box, on);
    root.setAttribute('data-view', s.view === null ? 'final' : String(s.view));
    if (!on) return;
    const at = s.view ?? total;
    text($('[data-testid=replay-position]'), at === 0 ? 'Start position' : `Move ${at} of ${total}`);
    $<HTMLButtonElement>('[data-testid=replay-first]').disabled = at === 0;
    $<HTMLButtonElement>('[data-testid=replay-prev]').disabled = at === 0;
    $<HTMLButtonElement>('[data-testid=replay-next]').disabled = at === total;
    $<HTMLButtonElement>('[data-testid=replay-last]').disabled = at === total;
    for (const li of $$('[data-testid=move-item]')) li.classList.toggle('pl-current', Number(li.getAttribute('data-ply')) === at - 1);
  }

  function renderClock(): void {
    const g = s.game;
    for (const c of ['black', 'white'] as const) {
      const el = $(`[data-testid=seat-${c}] [data-testid=clock]`);
      const on = !!g && g.status === 'active' && g.toMove === c && !!g.turnDeadline;
      show(el, on);
      if (!on || !g?.turnDeadline) continue;
      const left = Math.max(0, Math.ceil((Date.parse(g.turnDeadline) - Date.now()) / 1000));
      text(el, Math.floor(left / 60) + ':' + String(left % 60).padStart(2, '0'));
      el.classList.toggle('pl-low', left <= 10);
    }
  }

  function render(): void {
    if (!s.game) return;
    const g = s.game;
    if (g.status === 'active') s.view = null;
    renderSeat('black');
    renderSeat('white');
    renderBoard();
    renderStatus();
    renderPass();
    renderStandIn();
    renderOpponentAway();
    renderResult();
    renderActions();
    renderClock();
    const over = g.status !== 'active';
    if (countMoves() !== $('[data-testid=move-list]').children.length || over !== listOver) renderMoves();
    renderReplay();
    root.setAttribute('data-state', g.status === 'active' ? 'playing' : 'over');
    root.setAttribute('data-ply', String(g.ply));
    root.setAttribute('data-role', myColor() ?? 'spectator');
    analysisView?.render();
  }

  function notFound(): void {
    gameStream?.close();
    meStream?.close();
    show($('[data-testid=game-area]'), false);
    show($('[data-testid=game-missing]'), true);
    root.setAttribute('data-state', 'missing');
    document.title = 'Game not found · Outflank';
  }

  // ---- actions ----
  async function play(square: string): Promise<void> {
    if (!canMove() || !s.game) return;
    const g = s.game;
    if (g.legalMoves && !g.legalMoves.includes(square)) {
      squareFeedback(square, `${square} does not outflank any disc: try a square with a dot.`);
      return;
    }
    show($('[data-testid=square-hint]'), false);
    s.busy = true;
    render();
    try {
      const r = await api.move(gameId, { square, ply: g.ply });
      show($('[data-testid=away-note]'), false);
      s.moves[r.move.ply] = r.move;
      playMoveSound(r.move.color);
      setGame(r.game);
      flash('');
    } catch (e) {
      const code = e instanceof ApiError ? e.code : undefined;
      const current = detail<Game>(e, 'game');
      if (code === 'STALE_PLY' && current) {
        setGame(current);
        flash('The board had changed: it is up to date now.', true);
      } else if (code === 'ILLEGAL_MOVE') squareFeedback(square, `${square} does not outflank any disc. Try another square.`);
      else if (code === 'NOT_YOUR_TURN' || code === 'GAME_OVER') void refresh();
      else flash((e as Error).message);
    } finally {
      s.busy = false;
      render();
    }
  }

  boardEl.addEventListener('click', (ev) => {
    const el = (ev.target as Element).closest<HTMLElement>('[data-square]');
    if (!el) return;
    const sq = el.getAttribute('data-square') ?? '';
    s.focus = parseSquare(sq) ?? s.focus;
    if (el.getAttribute('data-playable') === 'true') void play(sq);
    else if (canMove() && s.view === null) {
      squareFeedback(sq, el.getAttribute('data-disc') ? `${sq} is taken.` : `${sq} does not outflank any disc: try a square with a dot.`);
    }
  });

  // Arrow keys move over the board (one tab stop); Enter or Space plays the square.
  boardEl.addEventListener('keydown', (ev) => {
    const next = step(s.focus, ev.key);
    if (next === s.focus) return;
    ev.preventDefault();
    s.focus = next;
    squares.forEach((el, i) => (el.tabIndex = i === next ? 0 : -1));
    squares[next].focus();
  });

  // Replay: buttons, a move in the list, and ← → Home End outside the board.
  function goTo(view: number): void {
    const total = countMoves();
    s.view = Math.max(0, Math.min(total, view)) === total ? null : Math.max(0, view);
    render();
  }
  const at = () => s.view ?? countMoves();
  $('[data-testid=replay-first]').addEventListener('click', () => goTo(0));
  $('[data-testid=replay-prev]').addEventListener('click', () => goTo(at() - 1));
  $('[data-testid=replay-next]').addEventListener('click', () => goTo(at() + 1));
  $('[data-testid=replay-last]').addEventListener('click', () => goTo(countMoves()));
  $('[data-testid=move-list]').addEventListener('click', (ev) => {
    const li = (ev.target as Element).closest('[data-testid=move-item]');
    if (li && s.game && s.game.status !== 'active') goTo(Number(li.getAttribute('data-ply')) + 1);
  });
  document.addEventListener('keydown', (ev) => {
    if (!s.game || s.game.status === 'active' || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const target = ev.target as Element | null;
    if (target && (target.closest('[data-testid=board]') || target.closest('input, select, textarea'))) return;
    const moves: Record<string, number> = { ArrowLeft: at() - 1, ArrowRight: at() + 1, Home: 0, End: countMoves() };
    if (!(ev.key in moves)) return;
    ev.preventDefault();
    goTo(moves[ev.key]);
  });

  const resignButton = $<HTMLButtonElement>('[data-testid=resign-button]');
  const disarm = () => {
    clearTimeout(resignTimer);
    resignButton.classList.remove('pl-armed');
    text(resignButton, 'Resign');
  };
  resignButton.addEventListener('click', async () => {
    // Two clicks (no native dialog): the first arms the button for a few seconds.
    if (!resignButton.classList.contains('pl-armed')) {
      resignButton.classList.add('pl-armed');
      text(resignButton, 'Confirm resign');
      clearTimeout(resignTimer);
      resignTimer = setTimeout(disarm, 4000);
      return;
    }
    disarm();
    resignButton.disabled = true;
    try {
      setGame(await api.resign(gameId));
    } catch (e) {
      if (e instanceof ApiError && e.code === 'GAME_OVER') void refresh();
      else flash((e as Error).message);
    } finally {
      resignButton.disabled = false;
      render();
    }
  });

  const abortButton = $<HTMLButtonElement>('[data-testid=abort-button]');
  abortButton.addEventListener('click', async () => {
    abortButton.disabled = true;
    try {
      setGame(await api.abort(gameId));
    } catch (e) {
      if (e instanceof ApiError && (e.code === 'GAME_OVER' || e.code === 'TOO_LATE_TO_ABORT')) void refresh();
      else flash((e as Error).message);
    } finally {
      abortButton.disabled = false;
      render();
    }
  });

  $('[data-testid=rematch-button]').addEventListener('click', async (ev) => {
    const button = ev.currentTarget as HTMLButtonElement;
    if (!roomCode) return;
    button.disabled = true;
    rematching = true;
    try {
      const room = await api.rematch(roomCode);
      if (room.gameId && room.gameId !== gameId) follow(room.gameId);
      else offer = room.rematch ?? null;
    } catch (e) {
      const id = detail<string>(e, 'gameId');
      if (e instanceof ApiError && e.code === 'GAME_IN_PROGRESS' && id) follow(id);
      else flash((e as Error).message);
    } finally {
      button.disabled = false;
      rematching = false;
      render();
    }
  });
  $('[data-testid=rematch-decline]').addEventListener('click', async (ev) => {
    const button = ev.currentTarget as HTMLButtonElement;
    if (!roomCode) return;
    button.disabled = true;
    try {
      offer = (await api.declineRematch(roomCode)).rematch ?? null;
    } catch (e) {
      flash((e as Error).message);
    } finally {
      button.disabled = false;
      render();
    }
  });
  function follow(id: string): void {
    if (s.leaving || id === gameId) return;
    s.leaving = true;
    gameStream?.close();
    meStream?.close();
    location.href = gameHref(id, roomCode);
  }

  const soundButton = $<HTMLButtonElement>('[data-testid=sound-toggle]');
  const renderSound = () => {
    soundButton.setAttribute('aria-pressed', soundOn() ? 'true' : 'false');
    text(soundButton, soundOn() ? 'Sound on' : 'Sound off');
  };
  soundButton.addEventListener('click', () => {
    setSound(!soundOn());
    renderSound();
  });
  renderSound();

  // ---- start ----
  void (async () => {
    if (getToken()) {
      try {
        s.me = await api.me();
      } catch {
        /* a refused token is dropped by the api module; otherwise watch for now */
      }
    }
    const moves = loadMoves();
    try {
      // With the token this also hands a seat back from a CPU stand-in.
      s.game = await api.game(gameId);
      s.lastEventId = s.game.ply;
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) return notFound();
      text($('[data-testid=turn-status]'), (e as Error).message);
      root.setAttribute('data-state', 'error');
      const retry = $('[data-testid=game-retry]');
      retry.addEventListener('click', () => location.reload());
      show(retry, true);
      return;
    }
    await moves;
    if (countMoves() < s.game.ply) await loadMoves();
    if (roomCode && s.game.status !== 'active') {
      offer = (await api.room(roomCode).catch(() => null))?.rematch ?? null;
    }
    render();
    awayNote();
    setInterval(() => {
      renderClock();
      if (s.game) renderOpponentAway();
      if (offer) renderRematch(); // an offer lapses on its own
    }, 250);
    // While the opponent is to move in a game without a turn limit, their presence changes standInAt:
    // read the game again now and then (moves and the rest arrive as events).
    setInterval(() => {
      const g = s.game;
      const mine = myColor();
      if (g && mine && g.status === 'active' && g.toMove !== mine && !g.settings.turnSeconds && !s.busy) void refresh();
    }, 10_000);
    const conn = $('[data-testid=connection]');
    gameStream = followGame(gameId, onEvent, {
      lastEventId: () => s.lastEventId,
      onOpen(reconnected) {
        if (reconnected) {
          void refresh();
          void loadMoves();
        }
      },
      onStatus(st) {
        conn.setAttribute('data-conn', st);
        text(conn, st === 'live' ? 'Live' : st === 'reconnecting' ? 'Reconnecting…' : 'Offline');
      },
      onFatal(status) {
        if (status === 404) notFound();
      },
    });
    if (myColor()) {
      // A rematch the opponent starts arrives as a 'game' event: follow it once this game is over.
      meStream = followMe((ev) => {
        if (ev.name === 'rematch' && ev.data.code === roomCode) {
          offer = ev.data.rematch ?? null;
          render();
        }
        if (ev.name === 'game' && ev.data.id !== gameId && s.game && s.game.status !== 'active') {
          const id = ev.data.id;
          // After our own rematch request its answer navigates (leaving now would cut it off).
          setTimeout(() => follow(id), rematching ? 1500 : 0);
        }
      });
    }
  })();
}
