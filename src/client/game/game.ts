/**
 * The board page (/play/:id): wires the transport (HTTP and the event streams) to the controller
 * (./state.ts) and the controller to the views (./view*.ts).
 */
import { mountChallengeRematch } from './rematch-challenge';
import { followSavedLanguage } from '../language/preference';
import { validRoomCode } from '../common/format';
import { readSettings } from '../common/settings';
import { playMatchSound, playMoveSound } from '../common/sound';
import { notifyYourTurn, takeMatchFound } from '../common/notify';
import { gameHref } from '../common/format';
import { leave } from '../common/leave';
import { msg } from '../common/messages';
import { getToken } from '../common/storage';
import { api } from '../transport/api';
import { followGame, followMe } from '../transport/events';
import type { Stream } from '../transport/sse';
import { AnalysisController } from './analysis-state';
import { GameController, needsGameStream, needsOwnStream, type GameOutput } from './state';
import { mountGameView, type GameView } from './view';

const TICK_MS = 250;

export function startGame(root: HTMLElement): void {
  const gameId = root.getAttribute('data-game-id') ?? '';
  const roomParam = new URLSearchParams(location.search).get('room');
  const roomCode = validRoomCode(roomParam) ? roomParam.trim().toUpperCase() : null;
  const streams: Stream[] = [];
  let gameStream: Stream | null = null;
  const closeStreams = () => {
    gameStream?.close();
    gameStream = null;
    streams.splice(0).forEach((st) => st.close());
  };
  let view: GameView | null = null;
  /**
   * One "your turn" notification per turn: armed while it is not the player's turn, spent at the
   * first sight of their turn (shown only if the tab is hidden then; the state may change several
   * times within one turn as a move's record and the game after it arrive).
   */
  let armed = true;
  const yourTurnWhileAway = () => {
    const { game, me } = controller.s;
    if (!game || !me || game.status !== 'active') return;
    const mine = game.black.player.id === me.id ? 'black' : game.white.player.id === me.id ? 'white' : null;
    if (!mine) return;
    if (game.toMove !== mine) {
      armed = true;
      return;
    }
    if (!armed) return;
    armed = false;
    const opponent = game.computer ? msg('computer.name', { level: String(game.computer.level) }) : mine === 'black' ? game.white.player.username : game.black.player.username;
    notifyYourTurn(game.id, opponent, gameHref(game.id, game.roomCode));
  };
  let rematch: { update(): void } | null = null;

  const output: GameOutput = {
    changed: () => {
      view?.render();
      yourTurnWhileAway();
      rematch?.update();
    },
    announce: (value) => view?.announce(value),
    flash: (value, info) => view?.flash(value, info),
    squareFeedback: (square, value) => view?.squareFeedback(square, value),
    moveSound: playMoveSound,
    navigate(href) {
      closeStreams();
      leave(href);
    },
    stop: closeStreams,
    endGameStream() {
      gameStream?.close();
      gameStream = null;
    },
    signedIn: followSavedLanguage,
  };
  const controller = new GameController(gameId, roomCode, readSettings(root), api, output);
  const analysis = new AnalysisController(gameId, api, () => view?.render());
  view = mountGameView(root, controller, analysis);
  rematch = mountChallengeRematch(root, controller);

  void (async () => {
    if (takeMatchFound(gameId)) playMatchSound();
    if (!(await controller.start(!!getToken()))) return;
    setInterval(() => view?.tick(), TICK_MS);
    // A finished game (a replay) needs no game stream; a live one's stream is closed by the
    // controller when the game ends (endGameStream), so it never reconnects after `end`.
    if (needsGameStream(controller.s)) {
      gameStream = followGame(gameId, (ev) => controller.onEvent(ev), {
        lastEventId: () => controller.s.lastEventId,
        onOpen: (reconnected) => controller.onStreamOpen(reconnected),
        onStatus: (status) => controller.onStreamStatus(status),
        onFatal: (status) => controller.onStreamFatal(status),
      });
    }
    // A rematch the opponent starts arrives as a 'game' event: follow it once this game is over.
    if (needsOwnStream(controller.s)) streams.push(followMe((ev) => controller.onMeEvent(ev)));
  })();
}
