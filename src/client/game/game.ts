/**
 * The board page (/play/:id): wires the transport (HTTP and the event streams) to the controller
 * (./state.ts) and the controller to the views (./view*.ts).
 */
import { followSavedLanguage } from '../i18n/preference';
import { validRoomCode } from '../shared/format';
import { readSettings } from '../shared/settings';
import { playMoveSound } from '../shared/sound';
import { getToken } from '../shared/storage';
import { api } from '../transport/api';
import { followGame, followMe } from '../transport/events';
import type { Stream } from '../transport/sse';
import { AnalysisController } from './analysis-state';
import { GameController, myColor, type GameOutput } from './state';
import { mountGameView, type GameView } from './view';

const TICK_MS = 250;

export function startGame(root: HTMLElement): void {
  const gameId = root.getAttribute('data-game-id') ?? '';
  const roomParam = new URLSearchParams(location.search).get('room');
  const roomCode = validRoomCode(roomParam) ? roomParam.trim().toUpperCase() : null;
  const streams: Stream[] = [];
  const closeStreams = () => streams.splice(0).forEach((st) => st.close());
  let view: GameView | null = null;

  const output: GameOutput = {
    changed: () => view?.render(),
    announce: (value) => view?.announce(value),
    flash: (value, info) => view?.flash(value, info),
    squareFeedback: (square, value) => view?.squareFeedback(square, value),
    moveSound: playMoveSound,
    navigate(href) {
      closeStreams();
      location.href = href;
    },
    stop: closeStreams,
    signedIn: followSavedLanguage,
  };
  const controller = new GameController(gameId, roomCode, readSettings(root), api, output);
  const analysis = new AnalysisController(gameId, api, () => view?.render());
  view = mountGameView(root, controller, analysis);

  void (async () => {
    if (!(await controller.start(!!getToken()))) return;
    setInterval(() => view?.tick(), TICK_MS);
    const gameStream = followGame(
      gameId,
      (ev) => {
        controller.onEvent(ev);
        // The server ends a finished game's stream: nothing more will come, so do not reconnect.
        if (ev.name === 'end') gameStream.close();
      },
      {
        lastEventId: () => controller.s.lastEventId,
        onOpen: (reconnected) => controller.onStreamOpen(reconnected),
        onStatus: (status) => controller.onStreamStatus(status),
        onFatal: (status) => controller.onStreamFatal(status),
      },
    );
    streams.push(gameStream);
    // A rematch the opponent starts arrives as a 'game' event: follow it once this game is over.
    if (myColor(controller.s)) streams.push(followMe((ev) => controller.onMeEvent(ev)));
  })();
}
