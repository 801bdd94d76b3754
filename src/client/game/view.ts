/**
 * The board page's views: render the GameState (through its selectors) into the server's shell
 * and turn clicks and keys into the controller's commands. The only game code that touches the DOM.
 */
import { flasher, announcer } from '../common/announce';
import { fitBoard, keepFitted, markSquare, mountBoard, outerHeight } from '../common/board';
import { part, show, text } from '../common/dom';
import { playerHref } from '../common/format';
import { msg, show as say, type Text } from '../common/messages';
import { setSound, soundOn } from '../common/sound';
import type { Color } from '../transport/api';
import {
  boardModel,
  clockOf,
  isYourTurn,
  cpuMovesNote,
  clockAnnouncement,
  metaTexts,
  myColor,
  opponentAway,
  passNotice,
  seatView,
  standInNote,
  statusText,
  titleText,
  awayNote,
  type GameController,
  type GameState,
} from './state';
import type { AnalysisController } from './analysis-state';
import { mountAnalysis } from './view-analysis';
import { mountMoveList } from './view-moves';
import { mountResult } from './view-result';

export interface GameView {
  render(): void;
  /** Every 250 ms: the clocks, the opponent-away countdown, a lapsing rematch offer. */
  tick(): void;
  announce(text: Text): void;
  flash(text: Text | null, info?: boolean): void;
  squareFeedback(square: string | null, text: Text | null): void;
}

/** The height a pass banner takes (rem): kept free under the board while the game goes on, so the board need not move when one shows. */
const PASS_BANNER_REM = 3;

const sayOrHide = (el: HTMLElement, value: Text | null): void => {
  show(el, !!value);
  if (value) text(el, say(value));
};

export function mountGameView(root: HTMLElement, c: GameController, analysisController?: AnalysisController): GameView {
  const s: GameState = c.s;
  const board = mountBoard(part('board', root), { onSquare: (sq) => c.clickSquare(sq) });
  const flashMessage = flasher(part('flash', root));
  const announceMessage = announcer(part('announcer', root));
  const hint = part('square-hint', root);
  const status = part('turn-status', root);
  const conn = part('connection', root);
  const notes = {
    pass: part('pass-notice', root),
    standIn: part('standin-note', root),
    away: part('opponent-away', root),
    awayNote: part('away-note', root),
    cpuMoves: part('cpu-moves-note', root),
  };
  const seats = {
    black: part('seat-black', root),
    white: part('seat-white', root),
  };
  const moves = mountMoveList(root, c);
  const result = mountResult(root, c);
  const analysis = analysisController ? mountAnalysis(root, c, analysisController) : null;
  const frame = part('board-frame', root);
  const replay = part('replay', root);

  /** The board fits the viewport with the replay buttons under it, and room for a pass banner while the game goes on. */
  function fit(): void {
    if (s.phase !== 'ready' || !s.game) return;
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    const passRoom = s.game.status === 'active' && notes.pass.hidden ? PASS_BANNER_REM * rem : 0;
    fitBoard(frame, outerHeight(replay), passRoom);
  }
  keepFitted(fit);

  // "Skip to board": to the square that has the board's tab stop.
  part('skip-to-board').addEventListener('click', (ev) => {
    const square = board.element.querySelector<HTMLElement>('[data-square][tabindex="0"]');
    if (!square) return;
    ev.preventDefault();
    square.focus();
  });

  function renderSeat(color: Color): void {
    const el = seats[color];
    const v = seatView(s, color);
    const name = part<HTMLAnchorElement>('player-name', el);
    text(name, v.name);
    name.href = playerHref(v.name);
    text(part('player-rating', el), v.rating);
    show(part('cpu-badge', el), v.standIn);
    show(part('you-badge', el), v.you);
    text(part('disc-count', el), v.discs);
    el.classList.toggle('pl-to-move', v.toMove);
  }

  function renderClocks(now: number): void {
    for (const color of ['black', 'white'] as const) {
      const el = part('clock', seats[color]);
      const v = clockOf(s, color, now);
      show(el, v.on);
      if (!v.on) continue;
      text(el, v.text);
      el.classList.toggle('pl-low', v.low);
      el.classList.toggle('pl-running', v.running);
    }
  }

  function renderConnection(): void {
    conn.setAttribute('data-conn', s.connection);
    // A finished game follows no stream: no badge at all.
    show(conn, s.connection !== 'ended');
    if (s.connection === 'live') text(conn, msg('stream.live'));
    else if (s.connection === 'reconnecting') text(conn, msg('stream.reconnecting'));
    else if (s.connection === 'closed') text(conn, msg('stream.closed'));
  }

  function render(): void {
    if (s.phase === 'missing') {
      show(part('game-area', root), false);
      show(part('game-missing', root), true);
      root.setAttribute('data-state', 'missing');
      document.title = say(titleText(s));
      return;
    }
    if (s.phase === 'error') {
      text(status, s.error ? say(s.error) : '');
      root.setAttribute('data-state', 'error');
      show(part('game-retry', root), true);
      return;
    }
    renderConnection();
    if (!s.game || s.phase !== 'ready') return;
    const g = s.game;
    renderSeat('black');
    renderSeat('white');
    board.render(boardModel(s));
    text(status, say(statusText(s)));
    status.classList.toggle('pl-your-turn', isYourTurn(s));
    document.title = say(titleText(s));
    text(part('game-meta', root), metaTexts(s).map(say).join(' · '));
    sayOrHide(notes.pass, passNotice(s));
    sayOrHide(notes.standIn, standInNote(s));
    sayOrHide(notes.awayNote, awayNote(s));
    sayOrHide(notes.cpuMoves, cpuMovesNote(s));
    const now = Date.now();
    sayOrHide(notes.away, opponentAway(s, now));
    renderClocks(now);
    result.render(now);
    moves.render();
    analysis?.render();
    root.setAttribute('data-state', g.status === 'active' ? 'playing' : 'over');
    root.setAttribute('data-ply', String(g.ply));
    root.setAttribute('data-role', myColor(s) ?? 'spectator');
    fit();
  }

  // The replay's keys outside the board (and outside form fields).
  document.addEventListener('keydown', (ev) => {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const target = ev.target as Element | null;
    if (target && (target.closest('[data-part=board]') || target.closest('input, select, textarea'))) return;
    if (c.replayKey(ev.key)) ev.preventDefault();
  });
  part('game-retry', root).addEventListener('click', () => location.reload());

  const sound = part<HTMLButtonElement>('sound-toggle', root);
  const renderSound = () => {
    sound.setAttribute('aria-pressed', soundOn() ? 'true' : 'false');
    text(sound, msg(soundOn() ? 'game.sound.on' : 'game.sound.off'));
  };
  sound.addEventListener('click', () => {
    setSound(!soundOn());
    renderSound();
  });
  renderSound();

  return {
    render,
    tick() {
      if (!s.game || s.phase !== 'ready') return;
      const now = Date.now();
      renderClocks(now);
      const alert = clockAnnouncement(s, now);
      if (alert) announceMessage(say(alert));
      sayOrHide(notes.away, opponentAway(s, now));
      if (s.offer) result.render(now); // an offer lapses on its own
    },
    announce: (value) => announceMessage(say(value)),
    flash: (value, info) => flashMessage(value ? say(value) : '', info),
    squareFeedback(square, value) {
      show(hint, !!value);
      if (!square || !value) return;
      markSquare(board, square);
      text(hint, say(value));
    },
  };
}
