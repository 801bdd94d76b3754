/** The lobby's rooms: creating one, joining by code, waiting for the opponent, and invite links. */
import { isTurnLimit } from '../../games/domain/game';
import { validRoomCode } from '../common/format';
import { errorMessage, t } from '../common/messages';
import { setToken } from '../common/storage';
import { ApiError, type Room } from '../transport/api';
import { ROOM_POLL_MS, type LobbyHost } from './model';

export class RoomFlow {
  private roomPoll: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly host: LobbyHost) {}

  // ---- rooms ----

  async createRoom(settings: { turnSeconds: number | null; clock?: string | null; showLegalMoves: boolean; swapColors: boolean }): Promise<void> {
    const clock = settings.clock || null;
    // A room has a clock or a turn limit: the clock, when one is picked.
    const turnSeconds = !clock && isTurnLimit(settings.turnSeconds) ? settings.turnSeconds : null;
    await this.host.busyWith('create', async () => {
      const room = await this.host.io.api.createRoom({ ...settings, turnSeconds, clock });
      this.host.s.message = null;
      this.enterRoom(room);
    }, (e) => this.host.inGameOr(e, 'create'));
  }

  async joinRoom(input: string): Promise<void> {
    const code = input.trim().toUpperCase();
    if (code === '') return this.host.say(t('lobby.form.roomCodeMissing'), false, 'join');
    if (!validRoomCode(code)) return this.host.say(t('lobby.badRoomCode'), false, 'join');
    await this.host.busyWith('join', async () => {
      const room = await this.host.io.api.joinRoom(code);
      this.host.s.message = null;
      this.enterRoom(room);
    }, (e) => {
      const c = e instanceof ApiError ? e.code : undefined;
      if (c === 'NOT_FOUND') this.host.say(t('lobby.noRoom', { code }), false, 'join');
      else if (c === 'ROOM_FULL') this.host.say(t('lobby.roomFull', { code }), false, 'join');
      else if (c === 'GUEST_NOT_ALLOWED') this.host.say(t('lobby.roomRated', { code }), false, 'join');
      else this.host.inGameOr(e, 'join');
    });
  }

  stopRoomWait(): void {
    clearInterval(this.roomPoll);
    this.roomPoll = undefined;
    this.host.s.room = null;
    this.host.out.changed();
  }

  enterRoom(room: Room): void {
    if (room.gameId) return this.host.go(room.gameId, room.code);
    this.host.s.room = { code: room.code };
    clearInterval(this.roomPoll);
    // The 'game' event on /api/me/events normally takes us to the game; polling is the fallback.
    this.roomPoll = setInterval(async () => {
      try {
        const r = await this.host.io.api.room(room.code);
        if (r.gameId) this.host.go(r.gameId, r.code);
      } catch {
        /* keep waiting */
      }
    }, ROOM_POLL_MS);
    this.host.out.changed();
  }

  // ---- invite links (/play?join=CODE) ----

  /** An invite link whose code cannot be a room's: say the link is broken (never ignore it silently). */
  brokenInvite(): void {
    this.host.s.invite = { code: '', title: t('lobby.invite.broken'), settings: null, open: false, broken: true };
    this.host.say(t('lobby.invite.badCode'), false, 'invite');
  }

  async loadInvite(code: string): Promise<void> {
    const s = this.host.s;
    try {
      const room = await this.host.io.api.room(code);
      const host = room.seats[0];
      const st = room.settings;
      const full = !!room.seats[1];
      s.invite = {
        code: room.code,
        title: host ? t('lobby.invite.title', { host: host.username }) : t('lobby.invite.titleAnonymous'),
        settings: st.clock
          ? t('lobby.invite.settingsClock', { code: room.code, clock: st.clock, legal: st.showLegalMoves, swap: st.swapColors })
          : t('lobby.invite.settings', {
              code: room.code,
              turnSeconds: st.turnSeconds ? String(st.turnSeconds) : 'none',
              legal: st.showLegalMoves,
              swap: st.swapColors,
            }),
        open: !full,
      };
      if (full) this.host.say(t('lobby.roomFull', { code: room.code }), false, 'invite');
      else this.host.out.changed();
    } catch (e) {
      const missing = e instanceof ApiError && e.code === 'NOT_FOUND';
      s.invite = { code, title: t('lobby.invite.broken'), settings: null, open: false, broken: missing };
      this.host.say(missing ? t('lobby.invite.noRoom', { code }) : errorMessage(e), false, 'invite');
    }
  }

  async joinInvited(asGuest: boolean): Promise<void> {
    const s = this.host.s;
    const invite = s.invite;
    if (!invite?.open) return;
    this.host.inFlight++;
    s.busy.add('invite');
    this.host.out.changed();
    try {
      if (asGuest) {
        const r = await this.host.io.api.guest();
        setToken(r.token);
        s.me = r.player;
        s.phase = 'signed-in';
        this.host.out.changed();
      }
      this.enterRoom(await this.host.io.api.joinRoom(invite.code));
    } catch (e) {
      if (e instanceof ApiError && e.code === 'ALREADY_IN_GAME') this.host.inGameOr(e, 'invite');
      else this.host.say(errorMessage(e), false, 'invite');
      if (asGuest && s.me) void this.host.signedIn(s.me);
    } finally {
      s.busy.delete('invite');
      this.host.requestDone();
    }
  }

}
