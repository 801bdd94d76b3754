/**
 * The browser client: the lobby (`/play`) and the board (`/play/:gameId`).
 *
 * The server renders only a shell; everything else comes from the JSON API in the browser, by
 * the plain inline scripts below (no framework, no build step). The scripts keep the bearer token
 * in localStorage, and read server-sent events with fetch() and a stream reader instead of
 * EventSource, because EventSource cannot send the Authorization header (the header tells the
 * server that a seated player is present, so no CPU stands in for them).
 *
 * Pure functions only (no framework imports). The client scripts are plain ES2017 strings: they
 * must not contain a backtick or a closing script tag (the unit test checks both).
 */
import { escapeHtml } from './format.js';
import { layout } from './layout.js';

/** A game id as the API issues it (a UUID). */
const GAME_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `id` can name a game (the API's ids are UUIDs). */
export function isGameId(id: string): boolean {
  return GAME_ID.test(id);
}

const FILES = 'abcdefgh';

/** Square name of a board index: 0 → a1, 7 → h1, 63 → h8 (rank 1 is the top row). */
export function squareAt(index: number): string {
  return FILES[index % 8] + String(Math.floor(index / 8) + 1);
}

// ---- styles ---------------------------------------------------------------------------------

/** The play pages' own styles (on top of the shared layout's variables and base rules). */
export const PLAY_CSS = `
.pl-page { --pl-btn: #1f7a4d; --pl-btn-hover: #186340; --pl-shadow: 0 1px 2px rgba(16,40,28,.06), 0 6px 20px rgba(16,40,28,.07);
  --pl-felt: #2e8a57; --pl-felt-dark: #1d6640; --pl-warn: #b3261e; --pl-gold: #f2c94c; }
@media (prefers-color-scheme: dark) {
  .pl-page { --pl-btn: #2b8a5b; --pl-btn-hover: #33a06b; --pl-shadow: 0 1px 2px rgba(0,0,0,.4), 0 8px 24px rgba(0,0,0,.35);
    --pl-felt: #277a4c; --pl-felt-dark: #164f31; --pl-warn: #ef7b73; }
}
.pl-page [hidden] { display: none !important; }
.pl-card { background: var(--card); border: 1px solid var(--line); border-radius: 14px; padding: 1.1rem 1.25rem; box-shadow: var(--pl-shadow); }
.pl-card h2 { margin: 0 0 .75rem; font-size: 1.1rem; }
.pl-btn { appearance: none; display: inline-flex; align-items: center; justify-content: center; gap: .4rem;
  font: inherit; font-weight: 600; line-height: 1.2; padding: .6rem 1.05rem; border-radius: 10px; cursor: pointer;
  border: 1px solid var(--line); background: var(--card); color: var(--fg); transition: background .15s, border-color .15s, box-shadow .15s; }
.pl-btn:hover { border-color: var(--muted); }
.pl-btn:focus-visible, .pl-page input:focus-visible, .pl-page select:focus-visible { outline: 3px solid rgba(79,181,133,.45); outline-offset: 1px; }
.pl-btn:disabled { opacity: .55; cursor: default; }
.pl-btn-primary { background: var(--pl-btn); border-color: var(--pl-btn); color: #fff; }
.pl-btn-primary:hover:not(:disabled) { background: var(--pl-btn-hover); border-color: var(--pl-btn-hover); }
.pl-btn-danger { color: var(--pl-warn); }
.pl-btn-danger.pl-armed { background: var(--pl-warn); border-color: var(--pl-warn); color: #fff; }
.pl-btn-wide { width: 100%; }
.pl-link { appearance: none; border: 0; background: none; padding: 0; font: inherit; color: var(--accent); cursor: pointer; }
.pl-link:hover { text-decoration: underline; }
.pl-page label { display: block; font-size: .9rem; font-weight: 600; margin: 0 0 .7rem; }
.pl-page input[type=text], .pl-page input[type=password], .pl-page select {
  display: block; width: 100%; margin-top: .3rem; font: inherit; font-weight: 400; padding: .5rem .65rem;
  border: 1px solid var(--line); border-radius: 9px; background: var(--bg); color: var(--fg); }
.pl-page label.pl-check { display: flex; align-items: center; gap: .55rem; font-weight: 500; }
.pl-page label.pl-check input { width: 1.05rem; height: 1.05rem; margin: 0; accent-color: var(--pl-btn); }
.pl-page label.pl-check small, .pl-hint { color: var(--muted); font-weight: 400; font-size: .85rem; }
.pl-hint { margin: .6rem 0 0; }
.pl-row { display: flex; gap: .6rem; flex-wrap: wrap; }
.pl-row > .pl-btn { flex: 1 1 auto; }
.pl-flash { margin: 0 0 1rem; padding: .6rem .9rem; border-radius: 10px; background: rgba(179,38,30,.09); color: var(--pl-warn);
  border: 1px solid rgba(179,38,30,.25); font-size: .92rem; }
.pl-flash.pl-info { background: var(--hover); color: var(--fg); border-color: var(--line); }
.pl-spinner { display: inline-block; width: .9em; height: .9em; border: 2px solid var(--line); border-top-color: var(--accent);
  border-radius: 50%; animation: pl-spin .8s linear infinite; vertical-align: -.1em; }
@keyframes pl-spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .pl-spinner { animation-duration: 3s; } .pl-sq, .pl-piece { transition: none !important; } }
.pl-badge { display: inline-block; font-size: .68rem; font-weight: 700; letter-spacing: .05em; text-transform: uppercase;
  padding: .08rem .45rem; border-radius: 999px; border: 1px solid var(--line); color: var(--muted); vertical-align: .1em; }
.pl-badge-cpu { background: #fff4d6; border-color: #e8c66a; color: #7a5a00; }
.pl-badge-you { background: var(--hover); color: var(--accent); border-color: transparent; }
.pl-dot { display: inline-block; width: .95em; height: .95em; border-radius: 50%; vertical-align: -.12em; flex: none; }
.pl-dot-black { background: radial-gradient(circle at 35% 30%, #5a5a5a, #0d0d0d 62%); box-shadow: 0 1px 2px rgba(0,0,0,.4); }
.pl-dot-white { background: radial-gradient(circle at 35% 30%, #ffffff, #d7d7d2 72%); box-shadow: 0 1px 2px rgba(0,0,0,.35), inset 0 0 0 1px rgba(0,0,0,.12); }

/* lobby */
.pl-lobby { max-width: 880px; margin: 0 auto; }
.pl-hero { text-align: center; margin: .5rem 0 1.5rem; }
.pl-hero h1 { font-size: 2rem; margin: 0 0 .35rem; display: inline-flex; align-items: center; gap: .6rem; }
.pl-hero p { margin: 0; color: var(--muted); }
.pl-signin { max-width: 420px; margin: 0 auto; }
.pl-or { display: flex; align-items: center; gap: .75rem; color: var(--muted); font-size: .85rem; margin: 1.1rem 0 .9rem; }
.pl-or::before, .pl-or::after { content: ""; flex: 1; border-top: 1px solid var(--line); }
.pl-me { display: flex; align-items: center; gap: .6rem; flex-wrap: wrap; margin-bottom: 1rem; padding: .75rem 1.1rem; }
.pl-me .pl-me-name { font-weight: 700; }
.pl-me .pl-spacer { flex: 1; }
.pl-resume { margin-bottom: 1rem; }
.pl-resume ul { list-style: none; margin: 0; padding: 0; display: grid; gap: .4rem; }
.pl-resume a { font-weight: 600; }
.pl-grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(250px, 1fr)); gap: 1rem; align-items: start; }
.pl-waiting { text-align: center; }
.pl-code { display: block; font: 700 2rem/1.2 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; letter-spacing: .18em; margin: .35rem 0 .5rem; }
.pl-waiting p { margin: .4rem 0; color: var(--muted); font-size: .92rem; }
.pl-segment { display: flex; border: 1px solid var(--line); border-radius: 10px; overflow: hidden; margin: 0 0 .8rem; padding: 0; }
.pl-segment label { flex: 1; margin: 0; text-align: center; font-weight: 600; cursor: pointer; }
.pl-segment input { position: absolute; opacity: 0; pointer-events: none; }
.pl-segment span { display: block; padding: .5rem .4rem; }
.pl-segment input:checked + span { background: var(--pl-btn); color: #fff; }
.pl-segment input:disabled + span { opacity: .5; cursor: not-allowed; }
.pl-segment input:focus-visible + span { outline: 3px solid rgba(79,181,133,.45); outline-offset: -3px; }

/* game */
.pl-game { max-width: 940px; margin: 0 auto; }
.pl-topbar { display: flex; align-items: center; gap: .75rem; flex-wrap: wrap; margin-bottom: .9rem; font-size: .9rem; color: var(--muted); }
.pl-topbar .pl-spacer { flex: 1; }
.pl-conn::before { content: ""; display: inline-block; width: .5rem; height: .5rem; border-radius: 50%; background: var(--muted); margin-right: .35rem; vertical-align: .05em; }
.pl-conn[data-conn=live]::before { background: #2fb36b; }
.pl-conn[data-conn=reconnecting]::before { background: #e0a100; }
.pl-layout { display: grid; grid-template-columns: minmax(0, 560px) minmax(240px, 1fr); gap: 1.5rem; align-items: start; justify-content: center; }
.pl-seats { display: grid; grid-template-columns: 1fr 1fr; gap: .75rem; margin-bottom: .75rem; }
.pl-seat { display: flex; align-items: center; gap: .7rem; padding: .65rem .8rem; background: var(--card); border: 1px solid var(--line);
  border-radius: 12px; box-shadow: var(--pl-shadow); min-width: 0; transition: border-color .2s, box-shadow .2s; }
.pl-seat .pl-dot { width: 1.6rem; height: 1.6rem; }
.pl-seat.pl-to-move { border-color: var(--accent); box-shadow: 0 0 0 3px rgba(79,181,133,.22), var(--pl-shadow); }
.pl-seat-info { min-width: 0; flex: 1; }
.pl-seat-name { font-weight: 700; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.pl-seat-name a { color: inherit; }
.pl-seat-sub { font-size: .82rem; color: var(--muted); display: flex; gap: .5rem; align-items: center; flex-wrap: wrap; }
.pl-clock { font-variant-numeric: tabular-nums; font-weight: 700; color: var(--fg); background: var(--hover); padding: 0 .4rem; border-radius: 6px; }
.pl-clock.pl-low { color: #fff; background: var(--pl-warn); }
.pl-count { font: 700 1.5rem/1 system-ui, sans-serif; font-variant-numeric: tabular-nums; }
.pl-status { text-align: center; font-weight: 600; margin: .25rem 0 .7rem; min-height: 1.5em; }
.pl-status.pl-your-turn { color: var(--accent); }
.pl-frame { display: grid; grid-template-columns: 1.1rem 1fr; grid-template-rows: 1.1rem auto; gap: .25rem; }
.pl-files, .pl-ranks { display: grid; color: var(--muted); font-size: .72rem; font-weight: 600; text-align: center; align-items: center; }
.pl-files { grid-column: 2; grid-template-columns: repeat(8, 1fr); }
.pl-ranks { grid-row: 2; grid-template-rows: repeat(8, 1fr); }
.pl-board { grid-column: 2; grid-row: 2; display: grid; grid-template-columns: repeat(8, 1fr); grid-template-rows: repeat(8, 1fr);
  gap: 2px; padding: 6px; aspect-ratio: 1; width: 100%; background: var(--pl-felt-dark); border-radius: 12px;
  box-shadow: 0 2px 4px rgba(0,0,0,.18), 0 12px 28px rgba(16,40,28,.22); }
.pl-sq { appearance: none; border: 0; margin: 0; padding: 0; position: relative; background: var(--pl-felt); border-radius: 3px;
  cursor: default; display: flex; align-items: center; justify-content: center; min-width: 0; transition: background .15s; }
.pl-sq:focus-visible { outline: 3px solid var(--pl-gold); outline-offset: -3px; z-index: 1; }
.pl-board[data-interactive=true] .pl-sq[data-playable=true] { cursor: pointer; }
.pl-board[data-interactive=true] .pl-sq[data-playable=true]:hover { background: #379a63; }
.pl-piece { width: 84%; height: 84%; border-radius: 50%; transition: background .25s, transform .2s; }
.pl-sq[data-disc=black] .pl-piece { background: radial-gradient(circle at 35% 30%, #5c5c5c, #0d0d0d 62%); box-shadow: 0 2px 3px rgba(0,0,0,.45); }
.pl-sq[data-disc=white] .pl-piece { background: radial-gradient(circle at 35% 30%, #ffffff, #d5d5cf 72%); box-shadow: 0 2px 3px rgba(0,0,0,.4); }
.pl-sq[data-legal=true]::after { content: ""; position: absolute; width: 24%; height: 24%; border-radius: 50%; background: rgba(255,255,255,.5); }
.pl-board[data-interactive=true] .pl-sq[data-legal=true]:hover::after { width: 84%; height: 84%; background: rgba(255,255,255,.22); }
.pl-sq[data-last=true]::before { content: ""; position: absolute; width: 16%; height: 16%; border-radius: 50%; background: #e5484d; z-index: 1; }
.pl-sq.pl-new .pl-piece { animation: pl-pop .22s ease-out; }
@keyframes pl-pop { from { transform: scale(.5); } to { transform: scale(1); } }
.pl-board[data-busy=true] { opacity: .92; }
.pl-side { display: grid; gap: 1rem; }
.pl-result { text-align: center; padding: 1rem 1.1rem; border-radius: 14px; background: var(--card); border: 1px solid var(--line); box-shadow: var(--pl-shadow); }
.pl-result h2 { margin: 0 0 .2rem; font-size: 1.45rem; }
.pl-result.pl-win { border-color: var(--win); background: linear-gradient(180deg, rgba(47,179,107,.12), transparent 70%), var(--card); }
.pl-result.pl-loss { border-color: var(--loss); }
.pl-result p { margin: .15rem 0; color: var(--muted); }
.pl-result .pl-score { color: var(--fg); font-weight: 600; font-variant-numeric: tabular-nums; }
.pl-changes { display: flex; justify-content: center; gap: 1rem; flex-wrap: wrap; margin-top: .4rem; font-weight: 600; }
.pl-up { color: var(--win); } .pl-down { color: var(--loss); }
.pl-actions { display: flex; gap: .6rem; flex-wrap: wrap; }
.pl-actions .pl-btn { flex: 1 1 auto; }
.pl-moves h2 { display: flex; justify-content: space-between; align-items: baseline; }
.pl-moves h2 small { font-weight: 500; color: var(--muted); font-size: .8rem; }
.pl-move-list { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(4.6rem, 1fr));
  gap: .3rem; max-height: 16rem; overflow-y: auto; font-variant-numeric: tabular-nums; font-size: .88rem; }
.pl-move-list li { display: flex; align-items: center; gap: .3rem; padding: .15rem .35rem; border-radius: 6px; background: var(--stripe); }
.pl-move-list .pl-n { color: var(--muted); font-size: .75rem; min-width: 1.3rem; }
.pl-move-list .pl-pass { color: var(--muted); font-style: italic; }
.pl-move-list .pl-by-cpu { color: #9a7000; font-size: .7rem; font-weight: 700; }
.pl-empty-moves { color: var(--muted); font-size: .9rem; margin: 0; }
.pl-message { text-align: center; padding: 2.5rem 1rem; }
.pl-message h1 { margin-bottom: .5rem; }
@media (max-width: 820px) {
  .pl-layout { grid-template-columns: minmax(0, 560px); }
  .pl-move-list { max-height: 10rem; }
}
@media (max-width: 480px) {
  .pl-hero h1 { font-size: 1.6rem; }
  .pl-seats { gap: .5rem; }
  .pl-seat { padding: .5rem .55rem; gap: .5rem; }
  .pl-seat .pl-dot { width: 1.3rem; height: 1.3rem; }
  .pl-count { font-size: 1.25rem; }
  .pl-frame { grid-template-columns: .9rem 1fr; grid-template-rows: .9rem auto; gap: .15rem; }
  .pl-board { padding: 4px; gap: 1.5px; border-radius: 9px; }
}
`;

// ---- client scripts -------------------------------------------------------------------------

/**
 * Shared client code: the token, a JSON fetch helper that turns the API's error shape into
 * exceptions, and a server-sent-events reader over fetch() that reconnects with Last-Event-ID.
 */
export const CLIENT_COMMON = `
var TOKEN_KEY = 'outflank.token';
function getToken() { try { return localStorage.getItem(TOKEN_KEY); } catch (e) { return null; } }
function setToken(t) { try { if (t) localStorage.setItem(TOKEN_KEY, t); else localStorage.removeItem(TOKEN_KEY); } catch (e) { /* private mode */ } }
function $(sel, root) { return (root || document).querySelector(sel); }
function show(el, on) { if (el) el.hidden = !on; }
function text(el, value) { if (el) el.textContent = value === null || value === undefined ? '' : String(value); }

/** fetch() a JSON API route; throws an Error with status, code and details on a non-2xx answer. */
async function api(method, path, body) {
  var headers = { Accept: 'application/json' };
  var token = getToken();
  if (token) headers.Authorization = 'Bearer ' + token;
  var init = { method: method, headers: headers, cache: 'no-store' };
  if (body !== undefined) { headers['Content-Type'] = 'application/json'; init.body = JSON.stringify(body); }
  var res;
  try { res = await fetch(path, init); } catch (e) {
    var net = new Error('The server cannot be reached. Check your connection and try again.');
    net.status = 0; net.code = 'NETWORK'; throw net;
  }
  var raw = res.status === 204 ? '' : await res.text();
  var data = null;
  if (raw) { try { data = JSON.parse(raw); } catch (e) { data = null; } }
  if (!res.ok) {
    var err = new Error((data && data.message) || ('The server answered ' + res.status + '.'));
    err.status = res.status; err.code = data && data.code; err.details = data && data.details;
    throw err;
  }
  return data;
}

/**
 * Reads a text/event-stream with fetch() (EventSource cannot send Authorization) and calls
 * opts.onEvent(name, data, id) for every event. On a drop it reconnects with backoff, sending
 * Last-Event-ID from opts.lastEventId(). A stream silent for longer than three heartbeats is
 * treated as dropped. 401/403/404 stop it (opts.onFatal).
 */
function openStream(path, opts) {
  var stopped = false, controller = null, timer = null, attempt = 0, lastByte = Date.now(), opened = 0;
  var watchdog = setInterval(function () {
    if (controller && Date.now() - lastByte > 50000) controller.abort();
  }, 5000);
  function status(s) { if (opts.onStatus) opts.onStatus(s); }
  function dispatch(block) {
    var name = 'message', data = [], id = null;
    block.split('\\n').forEach(function (line) {
      if (!line || line.charAt(0) === ':') return;
      var colon = line.indexOf(':');
      var field = colon < 0 ? line : line.slice(0, colon);
      var value = colon < 0 ? '' : line.slice(colon + 1);
      if (value.charAt(0) === ' ') value = value.slice(1);
      if (field === 'event') name = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id') id = value;
    });
    if (!data.length) return;
    var parsed;
    try { parsed = JSON.parse(data.join('\\n')); } catch (e) { return; }
    var num = id !== null && /^\\d+$/.test(id) ? Number(id) : null;
    try { opts.onEvent(name, parsed, num); } catch (e) { console.warn('event handler failed', e); }
  }
  async function connect() {
    if (stopped) return;
    clearTimeout(timer); timer = null;
    controller = new AbortController();
    var mine = controller;
    var headers = { Accept: 'text/event-stream' };
    var token = opts.anonymous ? null : getToken();
    if (token) headers.Authorization = 'Bearer ' + token;
    var last = opts.lastEventId ? opts.lastEventId() : null;
    if (last !== null && last !== undefined) headers['Last-Event-ID'] = String(last);
    try {
      lastByte = Date.now();
      var res = await fetch(path, { headers: headers, cache: 'no-store', signal: mine.signal });
      if (res.status === 401 || res.status === 403 || res.status === 404) {
        shutdown(); status('closed'); if (opts.onFatal) opts.onFatal(res.status); return;
      }
      if (!res.ok || !res.body) throw new Error('stream answered ' + res.status);
      attempt = 0; opened++;
      status('live');
      if (opts.onOpen) opts.onOpen(opened > 1);
      var reader = res.body.getReader();
      var decoder = new TextDecoder();
      var buf = '';
      for (;;) {
        var chunk = await reader.read();
        if (chunk.done) break;
        lastByte = Date.now();
        buf += decoder.decode(chunk.value, { stream: true });
        var keep = buf.charAt(buf.length - 1) === '\\r' ? 1 : 0;
        buf = buf.slice(0, buf.length - keep).replace(/\\r\\n?/g, '\\n') + buf.slice(buf.length - keep);
        var at;
        while ((at = buf.indexOf('\\n\\n')) >= 0) {
          var block = buf.slice(0, at);
          buf = buf.slice(at + 2);
          dispatch(block);
        }
      }
      throw new Error('stream ended');
    } catch (e) {
      if (stopped || mine !== controller) return;
      status('reconnecting');
      attempt++;
      var delay = Math.min(10000, 400 * Math.pow(2, attempt - 1)) + Math.floor(Math.random() * 250);
      timer = setTimeout(connect, delay);
    }
  }
  function kick() {
    if (stopped) return;
    if (timer) { connect(); }
  }
  // Offline: drop the stream now (it may hang silently) and show it; online: reconnect at once.
  function offline() { if (controller && !stopped) controller.abort(); }
  function shutdown() {
    stopped = true; clearTimeout(timer); clearInterval(watchdog);
    window.removeEventListener('online', kick);
    window.removeEventListener('offline', offline);
  }
  window.addEventListener('online', kick);
  window.addEventListener('offline', offline);
  connect();
  return {
    close: function () { shutdown(); if (controller) controller.abort(); },
    kick: kick,
  };
}

function gameHref(gameId, roomCode) {
  return '/play/' + encodeURIComponent(gameId) + (roomCode ? '?room=' + encodeURIComponent(roomCode) : '');
}
function validRoomCode(code) { return typeof code === 'string' && /^[A-Za-z0-9]{4,12}$/.test(code.trim()); }
function rating(n) { return typeof n === 'number' && isFinite(n) ? String(Math.round(n)) : '—'; }
function signed(n) { var r = Math.round(n); return (r > 0 ? '+' : r < 0 ? '−' : '±') + Math.abs(r); }
`;

/** The lobby: sign in (guest, login, register), create or join a room, quick match. */
export const LOBBY_SCRIPT = `
(function () {
'use strict';
${CLIENT_COMMON}
var root = document.getElementById('play-lobby');
var me = null, meStream = null, waitingRoom = null, roomPoll = null, queuePoll = null, leaving = false;
// Set while this device has a queue ticket, so the lobby only asks GET /api/queue then (it is 404 otherwise).
var QUEUED_KEY = 'outflank.queued';
function queued(on) {
  try { if (on === undefined) return localStorage.getItem(QUEUED_KEY) === '1'; if (on) localStorage.setItem(QUEUED_KEY, '1'); else localStorage.removeItem(QUEUED_KEY); }
  catch (e) { return false; }
}

function flash(message, info) {
  var el = $('[data-testid=lobby-error]');
  text(el, message);
  el.classList.toggle('pl-info', !!info);
  show(el, !!message);
}
var inFlight = 0;
function busy(form, on) {
  inFlight = Math.max(0, inFlight + (on ? 1 : -1));
  Array.prototype.forEach.call(form.querySelectorAll('button'), function (b) { b.disabled = on; });
}
function go(gameId, roomCode) {
  if (leaving) return;
  leaving = true;
  if (meStream) meStream.close();
  queued(false);
  location.href = gameHref(gameId, roomCode);
}

function render() {
  show($('[data-auth=out]'), !me);
  show($('[data-auth=in]'), !!me);
  if (me) {
    text($('[data-testid=me-name]'), me.username);
    show($('[data-testid=me-guest]'), me.guest);
    text($('[data-testid=me-rating]'), rating(me.rating) + (me.provisional ? '?' : ''));
    $('[data-testid=me-name]').href = '/players/' + encodeURIComponent(me.username);
    // Guests play casual games only.
    var rated = $('#create-form [name=rated]');
    rated.disabled = me.guest;
    if (me.guest) rated.checked = false;
    var ranked = $('#queue-form [name=mode][value=ranked]');
    ranked.disabled = me.guest;
    if (me.guest) $('#queue-form [name=mode][value=unranked]').checked = true;
    show($('[data-testid=guest-note]'), me.guest);
  }
  root.setAttribute('data-state', me ? 'signed-in' : 'signed-out');
}

async function signedIn(player) {
  me = player;
  flash('');
  render();
  if (meStream) meStream.close();
  meStream = openStream('/api/me/events', {
    onEvent: function (name, data) {
      // While a join/queue request is out, its own answer navigates (leaving now would cut it off).
      var later = function (f) { setTimeout(f, inFlight ? 1500 : 0); };
      if (name === 'game' && data && data.id && data.status === 'active') { var code = waitingRoom; later(function () { go(data.id, code); }); }
      if (name === 'matched' && data && data.gameId) later(function () { go(data.gameId, null); });
    },
    onOpen: function (again) { if (again && queued()) checkQueue(); },
    onFatal: function (status) { if (status === 401) signOut('Your session has expired. Please sign in again.'); },
  });
  loadActiveGames();
  if (queued()) checkQueue();
}

function signOut(message) {
  if (meStream) { meStream.close(); meStream = null; }
  stopRoomWait(); stopQueueWait();
  setToken(null);
  me = null;
  render();
  flash(message || '', !!message);
}

async function loadActiveGames() {
  var box = $('[data-testid=active-games]');
  try {
    var list = await api('GET', '/api/players/' + encodeURIComponent(me.username) + '/games?limit=10');
    var active = (list.games || []).filter(function (g) { return g.status === 'active'; });
    var ul = box.querySelector('ul');
    ul.textContent = '';
    active.forEach(function (g) {
      var li = document.createElement('li');
      var a = document.createElement('a');
      a.href = gameHref(g.id, null);
      a.setAttribute('data-testid', 'active-game');
      var opponent = g.black.id === me.id ? g.white.username : g.black.username;
      a.textContent = 'Continue your game against ' + opponent + ' →';
      li.appendChild(a);
      ul.appendChild(li);
    });
    show(box, active.length > 0);
  } catch (e) { show(box, false); }
}

// ---- sign in ----
$('[data-testid=guest-button]').addEventListener('click', async function (ev) {
  var button = ev.currentTarget;
  button.disabled = true;
  try {
    var r = await api('POST', '/api/auth/guest', {});
    setToken(r.token);
    await signedIn(r.player);
  } catch (e) { flash(e.message); } finally { button.disabled = false; }
});

$('#auth-form').addEventListener('submit', async function (ev) {
  ev.preventDefault();
  var form = ev.currentTarget;
  var action = ev.submitter && ev.submitter.value === 'register' ? 'register' : 'login';
  var body = { username: form.elements.username.value.trim(), password: form.elements.password.value };
  busy(form, true);
  try {
    var r = await api('POST', '/api/auth/' + action, body);
    setToken(r.token);
    form.reset();
    await signedIn(r.player);
  } catch (e) {
    flash(e.status === 401 ? 'Wrong username or password.' : e.message);
  } finally { busy(form, false); }
});

$('[data-testid=sign-out]').addEventListener('click', function () {
  if (me && me.guest && !window.confirm('Guests cannot sign back in: this guest account will be gone from this device. Sign out?')) return;
  signOut('');
});

// ---- rooms ----
function stopRoomWait() { clearInterval(roomPoll); roomPoll = null; waitingRoom = null; show($('[data-testid=room-waiting]'), false); show($('#create-form'), true); }
function waitForRoom(room) {
  waitingRoom = room.code;
  text($('[data-testid=room-code]'), room.code);
  var invite = $('[data-testid=room-invite]');
  invite.href = '/play?join=' + encodeURIComponent(room.code);
  show($('#create-form'), false);
  show($('[data-testid=room-waiting]'), true);
  clearInterval(roomPoll);
  // The 'game' event on /api/me/events normally takes us to the game; polling is the fallback.
  roomPoll = setInterval(async function () {
    try {
      var r = await api('GET', '/api/rooms/' + encodeURIComponent(room.code));
      if (r.gameId) go(r.gameId, r.code);
    } catch (e) { /* keep waiting */ }
  }, 3000);
}

$('#create-form').addEventListener('submit', async function (ev) {
  ev.preventDefault();
  var f = ev.currentTarget;
  var turn = f.elements.turnSeconds.value;
  var body = {
    rated: f.elements.rated.checked,
    turnSeconds: turn ? Number(turn) : null,
    showLegalMoves: f.elements.showLegalMoves.checked,
    swapColors: f.elements.swapColors.checked,
  };
  busy(f, true);
  try {
    var room = await api('POST', '/api/rooms', body);
    flash('');
    if (room.gameId) go(room.gameId, room.code); else waitForRoom(room);
  } catch (e) { flash(e.message); } finally { busy(f, false); }
});

$('[data-testid=room-cancel]').addEventListener('click', function () { stopRoomWait(); });

$('#join-form').addEventListener('submit', async function (ev) {
  ev.preventDefault();
  var f = ev.currentTarget;
  var code = f.elements.code.value.trim().toUpperCase();
  if (!validRoomCode(code)) { flash('A room code is 4 to 12 letters and digits.'); return; }
  busy(f, true);
  try {
    var room = await api('POST', '/api/rooms/' + encodeURIComponent(code) + '/join', {});
    flash('');
    if (room.gameId) go(room.gameId, room.code); else waitForRoom(room);
  } catch (e) {
    if (e.code === 'NOT_FOUND') flash('There is no room ' + code + '. Check the code.');
    else if (e.code === 'ROOM_FULL') flash('Room ' + code + ' already has two players.');
    else if (e.code === 'GUEST_NOT_ALLOWED') flash('Room ' + code + ' is rated: register to play rated games.');
    else flash(e.message);
  } finally { busy(f, false); }
});

// ---- quick match ----
function stopQueueWait() { clearInterval(queuePoll); queuePoll = null; queued(false); show($('[data-testid=queue-waiting]'), false); show($('#queue-form'), true); }
function waitForMatch(ticket) {
  text($('[data-testid=queue-mode]'), ticket.mode === 'ranked' ? 'ranked' : 'casual');
  queued(true);
  show($('#queue-form'), false);
  show($('[data-testid=queue-waiting]'), true);
  clearInterval(queuePoll);
  // The 'matched' event normally arrives first; polling is the fallback.
  queuePoll = setInterval(checkQueue, 4000);
}
async function checkQueue() {
  if (!me) return;
  try {
    var t = await api('GET', '/api/queue');
    if (t.state === 'matched' && t.gameId) go(t.gameId, null);
    else if (t.state === 'waiting') waitForMatch(t);
    else stopQueueWait();
  } catch (e) { if (e.status === 404) stopQueueWait(); }
}

$('#queue-form').addEventListener('submit', async function (ev) {
  ev.preventDefault();
  var f = ev.currentTarget;
  var mode = f.querySelector('[name=mode]:checked');
  var turn = f.elements.turnSeconds.value;
  busy(f, true);
  try {
    var t = await api('POST', '/api/queue', { mode: mode ? mode.value : 'unranked', turnSeconds: turn ? Number(turn) : null });
    flash('');
    if (t.gameId) go(t.gameId, null); else waitForMatch(t);
  } catch (e) {
    if (e.code === 'ALREADY_IN_GAME' && e.details && e.details.gameId) {
      flash('You already have a game in progress. Taking you there…', true);
      setTimeout(function () { go(e.details.gameId, null); }, 900);
    } else if (e.code === 'ALREADY_QUEUED') { checkQueue(); }
    else flash(e.message);
  } finally { busy(f, false); }
});

$('[data-testid=queue-cancel]').addEventListener('click', async function () {
  try { await api('DELETE', '/api/queue'); } catch (e) { /* leaving twice is fine */ }
  stopQueueWait();
});

// ---- start ----
(async function start() {
  var join = new URLSearchParams(location.search).get('join');
  if (validRoomCode(join)) $('#join-form').elements.code.value = join.trim().toUpperCase();
  if (getToken()) {
    try { await signedIn(await api('GET', '/api/players/me')); }
    catch (e) {
      if (e.status === 401) setToken(null); else flash(e.message);
      me = null; render();
    }
  } else render();
})();
})();
`;

/** The board page: state from the API, live updates from the game's event stream. */
export const GAME_SCRIPT = `
(function () {
'use strict';
${CLIENT_COMMON}
var FILES = 'abcdefgh';
var root = document.getElementById('play-game');
var gameId = root.getAttribute('data-game-id');
var roomParam = new URLSearchParams(location.search).get('room');
var roomCode = validRoomCode(roomParam) ? roomParam.trim().toUpperCase() : null;
var boardEl = $('[data-testid=board]');
var squares = Array.prototype.slice.call(boardEl.querySelectorAll('[data-square]'));
var s = { me: null, game: null, moves: [], lastEventId: null, busy: false, stale: false, leaving: false };
var gameStream = null, meStream = null, flashTimer = null, resignTimer = null;

function indexOf(sq) { return (Number(sq.charAt(1)) - 1) * 8 + FILES.indexOf(sq.charAt(0)); }
function other(c) { return c === 'black' ? 'white' : 'black'; }
function cap(c) { return c.charAt(0).toUpperCase() + c.slice(1); }
function myColor() {
  var g = s.game, me = s.me;
  if (!g || !me) return null;
  if (g.black.player.id === me.id) return 'black';
  if (g.white.player.id === me.id) return 'white';
  return null;
}
function canMove() {
  var g = s.game;
  return !!g && g.status === 'active' && !s.busy && !s.stale && myColor() !== null && g.toMove === myColor();
}

function flash(message, info) {
  var el = $('[data-testid=flash]');
  clearTimeout(flashTimer);
  text(el, message);
  el.classList.toggle('pl-info', !!info);
  show(el, !!message);
  if (message) flashTimer = setTimeout(function () { show(el, false); }, 5000);
}

/** Accepts a game state unless it is older than the one shown. */
function setGame(g) {
  var cur = s.game;
  if (cur && g.ply < cur.ply) return;
  if (cur && cur.status !== 'active' && g.status === 'active') return;
  s.game = g;
  if (g.roomCode) roomCode = g.roomCode;
  s.stale = false;
  if (s.lastEventId === null || g.ply > s.lastEventId) s.lastEventId = g.ply;
  if (countMoves() !== g.ply) loadMoves();
}
function countMoves() { var n = 0; for (var i = 0; i < s.moves.length; i++) if (s.moves[i]) n++; return n; }

var refreshing = false, again = false;
async function refresh() {
  if (refreshing) { again = true; return; }
  refreshing = true;
  try {
    do { again = false; setGame(await api('GET', '/api/games/' + encodeURIComponent(gameId))); } while (again);
  } catch (e) {
    if (e.status === 404) return notFound();
    flash(e.message);
  } finally { refreshing = false; render(); }
}
async function loadMoves() {
  try {
    var r = await api('GET', '/api/games/' + encodeURIComponent(gameId) + '/moves');
    // Merged, not replaced: a move event may have arrived while this was on its way.
    (r.moves || []).forEach(function (m) { s.moves[m.ply] = m; });
    renderMoves();
  } catch (e) { /* the list catches up on the next event */ }
}

/** A move event: show it at once (placed disc and flips), then fetch the new turn's state. */
function onMove(move) {
  if (!s.moves[move.ply]) s.moves[move.ply] = move;
  var g = s.game;
  if (g && move.ply === g.ply && g.status === 'active') {
    var b = g.board.split('');
    var ch = move.color === 'black' ? 'B' : 'W';
    if (!move.pass && move.square) {
      b[indexOf(move.square)] = ch;
      (move.flipped || []).forEach(function (sq) { b[indexOf(sq)] = ch; });
    }
    var board = b.join('');
    var black = 0, white = 0;
    for (var i = 0; i < 64; i++) { if (board.charAt(i) === 'B') black++; else if (board.charAt(i) === 'W') white++; }
    s.game = Object.assign({}, g, { board: board, ply: g.ply + 1, toMove: other(move.color), discs: { black: black, white: white }, legalMoves: null, turnDeadline: null });
    s.stale = true;
    render();
    refresh();
  } else if (g && move.ply >= g.ply) {
    refresh();
  } else render();
}

function onEvent(name, data, id) {
  if (id !== null && (s.lastEventId === null || id > s.lastEventId) && name === 'move') s.lastEventId = id;
  if (name === 'move') onMove(data);
  else if (name === 'end') { setGame(data); render(); }
  else if (name === 'seat') refresh();
}

// ---- rendering ----
function renderSeat(color) {
  var g = s.game, seat = g[color], el = $('[data-testid=seat-' + color + ']');
  var name = $('[data-testid=player-name]', el);
  text(name, seat.player.username);
  name.href = '/players/' + encodeURIComponent(seat.player.username);
  text($('[data-testid=player-rating]', el), rating(seat.player.rating));
  show($('[data-testid=cpu-badge]', el), seat.standIn && g.status === 'active');
  show($('[data-testid=you-badge]', el), myColor() === color);
  text($('[data-testid=disc-count]', el), g.discs[color]);
  el.classList.toggle('pl-to-move', g.status === 'active' && g.toMove === color);
}

function lastMoveSquare() {
  for (var i = s.moves.length - 1; i >= 0; i--) { var m = s.moves[i]; if (m && !m.pass) return m.square; }
  return null;
}

function renderBoard() {
  var g = s.game, mine = canMove();
  var legal = g.legalMoves && mine ? g.legalMoves : [];
  var last = lastMoveSquare();
  squares.forEach(function (el, i) {
    var ch = g.board.charAt(i);
    var disc = ch === 'B' ? 'black' : ch === 'W' ? 'white' : '';
    var prev = el.getAttribute('data-disc') || '';
    if (prev !== disc) {
      el.setAttribute('data-disc', disc);
      el.classList.toggle('pl-new', prev === '' && disc !== '');
    }
    var sq = el.getAttribute('data-square');
    var isLegal = legal.indexOf(sq) >= 0;
    var playable = mine && (g.legalMoves ? isLegal : disc === '');
    el.setAttribute('data-legal', isLegal ? 'true' : 'false');
    el.setAttribute('data-playable', playable ? 'true' : 'false');
    el.setAttribute('data-last', sq === last ? 'true' : 'false');
    el.setAttribute('aria-label', sq + (disc ? ', ' + disc : isLegal ? ', legal move' : ', empty'));
    el.tabIndex = playable ? 0 : -1;
  });
  boardEl.setAttribute('data-interactive', mine ? 'true' : 'false');
  boardEl.setAttribute('data-busy', s.busy || s.stale ? 'true' : 'false');
}

function renderStatus() {
  var g = s.game, mine = myColor(), el = $('[data-testid=turn-status]');
  var msg = '';
  el.classList.remove('pl-your-turn');
  if (g.status === 'active') {
    var seat = g[g.toMove];
    if (mine && g.toMove === mine) { msg = 'Your turn — you play ' + cap(mine); el.classList.add('pl-your-turn'); }
    else if (mine) msg = 'Waiting for ' + seat.player.username + (seat.standIn ? ' (the CPU is playing for them)' : '') + '…';
    else msg = cap(g.toMove) + ' to move · ' + seat.player.username;
  } else if (g.status === 'aborted' || !g.result) msg = 'Game aborted';
  else if (g.result.winner === null) msg = 'Game over · Draw';
  else if (mine) msg = 'Game over · ' + (g.result.winner === mine ? 'You won' : 'You lost');
  else msg = 'Game over · ' + cap(g.result.winner) + ' wins';
  text(el, msg);
  var turn = g.status === 'active' && mine && g.toMove === mine;
  document.title = (turn ? '● Your turn · ' : '') + g.black.player.username + ' vs ' + g.white.player.username + ' · Outflank';
  var meta = [g.rated ? 'Rated' : 'Casual', g.settings.turnSeconds ? g.settings.turnSeconds + ' s per move' : 'No time limit'];
  if (!mine) meta.push(s.me ? 'Watching' : 'Watching as a spectator');
  if (roomCode) meta.push('Room ' + roomCode);
  text($('[data-testid=game-meta]'), meta.join(' · '));
}

function renderResult() {
  var g = s.game, el = $('[data-testid=result-banner]');
  if (g.status === 'active' || !g.result) { show(el, false); return; }
  var r = g.result, mine = myColor(), title, cls = '';
  if (r.reason === 'aborted') title = 'Game aborted';
  else if (r.winner === null) title = 'Draw';
  else if (mine) { title = r.winner === mine ? 'You won!' : 'You lost'; cls = r.winner === mine ? 'pl-win' : 'pl-loss'; }
  else title = cap(r.winner) + ' wins';
  el.className = 'pl-result ' + cls;
  text($('[data-testid=result-title]', el), title);
  var detail;
  if (r.reason === 'resign') detail = g[other(r.winner)].player.username + ' resigned';
  else if (r.reason === 'board') detail = r.winner === null ? 'Equal discs on the board' : 'Most discs on the board';
  else detail = 'No result';
  text($('[data-testid=result-detail]', el), detail);
  text($('[data-testid=result-score]', el), 'Black ' + r.discs.black + ' – ' + r.discs.white + ' White');
  var changes = $('[data-testid=rating-changes]', el);
  changes.textContent = '';
  if (r.ratingChanges) {
    ['black', 'white'].forEach(function (c) {
      var span = document.createElement('span');
      var d = r.ratingChanges[c];
      span.setAttribute('data-testid', 'rating-change-' + c);
      span.className = Math.round(d) > 0 ? 'pl-up' : Math.round(d) < 0 ? 'pl-down' : '';
      span.textContent = g[c].player.username + ' ' + signed(d);
      changes.appendChild(span);
    });
  } else {
    var note = document.createElement('span');
    note.className = 'pl-hint';
    note.textContent = g.rated ? '' : 'Casual game: ratings unchanged';
    changes.appendChild(note);
  }
  show(el, true);
}

function renderActions() {
  var g = s.game, mine = myColor();
  show($('[data-testid=resign-button]'), g.status === 'active' && !!mine);
  show($('[data-testid=rematch-button]'), g.status !== 'active' && !!mine && !!roomCode);
}

function renderMoves() {
  var ol = $('[data-testid=move-list]');
  var list = s.moves.filter(Boolean);
  ol.textContent = '';
  list.forEach(function (m) {
    var li = document.createElement('li');
    li.setAttribute('data-testid', 'move-item');
    li.setAttribute('data-ply', String(m.ply));
    var n = document.createElement('span'); n.className = 'pl-n'; n.textContent = String(m.ply + 1);
    var dot = document.createElement('span'); dot.className = 'pl-dot pl-dot-' + m.color; dot.setAttribute('aria-label', m.color);
    var sq = document.createElement('span');
    sq.textContent = m.pass ? 'pass' : m.square;
    if (m.pass) sq.className = 'pl-pass';
    li.appendChild(n); li.appendChild(dot); li.appendChild(sq);
    if (m.by === 'cpu') { var cpu = document.createElement('span'); cpu.className = 'pl-by-cpu'; cpu.textContent = 'CPU'; cpu.title = 'played by the CPU stand-in'; li.appendChild(cpu); }
    ol.appendChild(li);
  });
  show($('[data-testid=no-moves]'), list.length === 0);
  text($('[data-testid=move-count]'), list.length ? list.length + (list.length === 1 ? ' move' : ' moves') : '');
  ol.scrollTop = ol.scrollHeight;
}

function renderClock() {
  var g = s.game;
  ['black', 'white'].forEach(function (c) {
    var el = $('[data-testid=seat-' + c + '] [data-testid=clock]');
    var on = !!g && g.status === 'active' && g.toMove === c && !!g.turnDeadline;
    show(el, on);
    if (!on) return;
    var left = Math.max(0, Math.ceil((Date.parse(g.turnDeadline) - Date.now()) / 1000));
    text(el, Math.floor(left / 60) + ':' + String(left % 60).padStart(2, '0'));
    el.classList.toggle('pl-low', left <= 10);
  });
}

function render() {
  if (!s.game) return;
  renderSeat('black'); renderSeat('white');
  renderBoard(); renderStatus(); renderResult(); renderActions(); renderClock();
  if (countMoves() !== $('[data-testid=move-list]').children.length) renderMoves();
  root.setAttribute('data-state', s.game.status === 'active' ? 'playing' : 'over');
  root.setAttribute('data-ply', String(s.game.ply));
  root.setAttribute('data-role', myColor() || 'spectator');
}

function notFound() {
  if (gameStream) gameStream.close();
  if (meStream) meStream.close();
  show($('[data-testid=game-area]'), false);
  show($('[data-testid=game-missing]'), true);
  root.setAttribute('data-state', 'missing');
  document.title = 'Game not found · Outflank';
}

// ---- actions ----
async function play(square) {
  if (!canMove()) return;
  var g = s.game;
  if (g.legalMoves && g.legalMoves.indexOf(square) < 0) return;
  s.busy = true; render();
  try {
    var r = await api('POST', '/api/games/' + encodeURIComponent(gameId) + '/moves', { square: square, ply: g.ply });
    s.moves[r.move.ply] = r.move;
    setGame(r.game);
    flash('');
  } catch (e) {
    if (e.code === 'STALE_PLY' && e.details && e.details.game) { setGame(e.details.game); flash('The board had changed: it is up to date now.', true); }
    else if (e.code === 'ILLEGAL_MOVE') flash(square + ' does not outflank any disc. Try another square.');
    else if (e.code === 'NOT_YOUR_TURN' || e.code === 'GAME_OVER') refresh();
    else flash(e.message);
  } finally { s.busy = false; render(); }
}

boardEl.addEventListener('click', function (ev) {
  var el = ev.target.closest('[data-square]');
  if (el && el.getAttribute('data-playable') === 'true') play(el.getAttribute('data-square'));
});

var resignButton = $('[data-testid=resign-button]');
resignButton.addEventListener('click', async function () {
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
  try { setGame(await api('POST', '/api/games/' + encodeURIComponent(gameId) + '/resign', {})); }
  catch (e) { if (e.code === 'GAME_OVER') refresh(); else flash(e.message); }
  finally { resignButton.disabled = false; render(); }
});
function disarm() { clearTimeout(resignTimer); resignButton.classList.remove('pl-armed'); text(resignButton, 'Resign'); }

var rematching = false;
$('[data-testid=rematch-button]').addEventListener('click', async function (ev) {
  var button = ev.currentTarget;
  button.disabled = true;
  rematching = true;
  try {
    var room = await api('POST', '/api/rooms/' + encodeURIComponent(roomCode) + '/rematch', {});
    if (room.gameId) follow(room.gameId);
  } catch (e) {
    if (e.code === 'GAME_IN_PROGRESS' && e.details && e.details.gameId) follow(e.details.gameId);
    else flash(e.message);
  } finally { button.disabled = false; rematching = false; }
});
function follow(id) {
  if (s.leaving || id === gameId) return;
  s.leaving = true;
  if (gameStream) gameStream.close();
  if (meStream) meStream.close();
  location.href = gameHref(id, roomCode);
}

// ---- start ----
(async function start() {
  if (getToken()) {
    try { s.me = await api('GET', '/api/players/me'); }
    catch (e) { if (e.status === 401) setToken(null); }
  }
  var moves = loadMoves();
  try {
    // With the token this also hands a seat back from a CPU stand-in.
    s.game = await api('GET', '/api/games/' + encodeURIComponent(gameId));
    s.lastEventId = s.game.ply;
  } catch (e) {
    if (e.status === 404) return notFound();
    text($('[data-testid=turn-status]'), e.message);
    root.setAttribute('data-state', 'error');
    return;
  }
  await moves;
  if (countMoves() < s.game.ply) await loadMoves();
  render();
  setInterval(renderClock, 250);
  var conn = $('[data-testid=connection]');
  gameStream = openStream('/api/games/' + encodeURIComponent(gameId) + '/events', {
    lastEventId: function () { return s.lastEventId; },
    onEvent: onEvent,
    onOpen: function (again) { if (again) { refresh(); loadMoves(); } },
    onStatus: function (st) {
      conn.setAttribute('data-conn', st);
      text(conn, st === 'live' ? 'Live' : st === 'reconnecting' ? 'Reconnecting…' : 'Offline');
    },
    onFatal: function (status) { if (status === 404) notFound(); },
  });
  if (myColor()) {
    // A rematch the opponent starts arrives as a 'game' event: follow it once this game is over.
    meStream = openStream('/api/me/events', {
      onEvent: function (name, data) {
        if (name === 'game' && data && data.id && data.id !== gameId && s.game && s.game.status !== 'active') {
          // After our own rematch request its answer navigates (leaving now would cut it off).
          setTimeout(function () { follow(data.id); }, rematching ? 1500 : 0);
        }
      },
    });
  }
})();
})();
`;

// ---- pages ----------------------------------------------------------------------------------

const LOGO_DISCS =
  '<span aria-hidden="true" style="display:inline-flex;gap:2px"><span class="pl-dot pl-dot-black"></span><span class="pl-dot pl-dot-white"></span></span>';

function turnOptions(): string {
  return '<option value="">No limit</option><option value="30">30 seconds</option><option value="60">60 seconds</option>';
}

/** `GET /play`: the lobby. */
export function renderPlayLobby(): string {
  const body = `<style>${PLAY_CSS}</style>
<div class="pl-page pl-lobby" id="play-lobby" data-testid="play-lobby" data-state="loading">
<header class="pl-hero">
<h1>${LOGO_DISCS}Play Reversi</h1>
<p>Invite a friend with a room code, or get matched with whoever is waiting.</p>
</header>
<p class="pl-flash" data-testid="lobby-error" role="alert" hidden></p>

<section class="pl-card pl-signin" data-auth="out" hidden>
<h2>Start playing</h2>
<button type="button" class="pl-btn pl-btn-primary pl-btn-wide" data-testid="guest-button">Play as guest</button>
<p class="pl-hint">Guests play casual games. Register to play rated games and climb the ladder.</p>
<div class="pl-or"><span>or sign in</span></div>
<form id="auth-form" data-testid="auth-form" autocomplete="on">
<label>Username<input type="text" name="username" data-testid="auth-username" autocomplete="username" required minlength="3" maxlength="20" pattern="[A-Za-z0-9_\\-]+" spellcheck="false" autocapitalize="off"></label>
<label>Password<input type="password" name="password" data-testid="auth-password" autocomplete="current-password" required minlength="8" maxlength="128"></label>
<div class="pl-row">
<button type="submit" name="action" value="login" class="pl-btn pl-btn-primary" data-testid="login-button">Log in</button>
<button type="submit" name="action" value="register" class="pl-btn" data-testid="register-button">Register</button>
</div>
</form>
</section>

<section data-auth="in" hidden>
<div class="pl-card pl-me" data-testid="signed-in">
<span>Signed in as</span> <a class="pl-me-name" data-testid="me-name" href="#"></a>
<span class="pl-badge" data-testid="me-guest" hidden>Guest</span>
<span class="subtle">rating <span data-testid="me-rating"></span></span>
<span class="pl-spacer"></span>
<button type="button" class="pl-link" data-testid="sign-out">Sign out</button>
</div>
<div class="pl-card pl-resume" data-testid="active-games" hidden><ul></ul></div>
<div class="pl-grid">
<section class="pl-card" data-testid="create-room">
<h2>Create a room</h2>
<form id="create-form">
<label class="pl-check"><input type="checkbox" name="rated" data-testid="room-rated"> Rated <small data-testid="guest-note" hidden>(registered players only)</small></label>
<label>Turn limit<select name="turnSeconds" data-testid="room-turn">${turnOptions()}</select></label>
<label class="pl-check"><input type="checkbox" name="showLegalMoves" data-testid="room-legal" checked> Show legal squares</label>
<label class="pl-check"><input type="checkbox" name="swapColors" data-testid="room-swap" checked> Swap colours after each game</label>
<button type="submit" class="pl-btn pl-btn-primary pl-btn-wide" data-testid="create-room-button">Create room</button>
</form>
<div class="pl-waiting" data-testid="room-waiting" hidden>
<div class="subtle">Room code</div>
<strong class="pl-code" data-testid="room-code"></strong>
<p>Give this code to your opponent. You play Black in the first game.</p>
<p><span class="pl-spinner" aria-hidden="true"></span> Waiting for an opponent…</p>
<p><a data-testid="room-invite" href="#">Invite link</a> · <button type="button" class="pl-link" data-testid="room-cancel">Stop waiting</button></p>
</div>
</section>
<section class="pl-card" data-testid="join-room">
<h2>Join a room</h2>
<form id="join-form">
<label>Room code<input type="text" name="code" data-testid="join-code" autocomplete="off" spellcheck="false" autocapitalize="characters" maxlength="12" placeholder="e.g. K7QX2M"></label>
<button type="submit" class="pl-btn pl-btn-primary pl-btn-wide" data-testid="join-button">Join</button>
</form>
</section>
<section class="pl-card" data-testid="quick-match">
<h2>Quick match</h2>
<form id="queue-form">
<fieldset class="pl-segment" aria-label="Mode">
<label><input type="radio" name="mode" value="unranked" checked><span>Casual</span></label>
<label><input type="radio" name="mode" value="ranked"><span>Ranked</span></label>
</fieldset>
<label>Turn limit<select name="turnSeconds" data-testid="queue-turn">${turnOptions()}</select></label>
<button type="submit" class="pl-btn pl-btn-primary pl-btn-wide" data-testid="queue-button">Find an opponent</button>
</form>
<div class="pl-waiting" data-testid="queue-waiting" hidden>
<p><span class="pl-spinner" aria-hidden="true"></span> Looking for a <span data-testid="queue-mode">casual</span> opponent…</p>
<button type="button" class="pl-btn" data-testid="queue-cancel">Cancel</button>
</div>
</section>
</div>
</section>
</div>
<script>${LOBBY_SCRIPT}</script>`;
  return layout('Play', body);
}

function seatHtml(color: 'black' | 'white'): string {
  const name = color === 'black' ? 'Black' : 'White';
  return (
    `<div class="pl-seat" data-testid="seat-${color}" data-color="${color}">` +
    `<span class="pl-dot pl-dot-${color}" role="img" aria-label="${name}"></span>` +
    '<div class="pl-seat-info">' +
    `<div class="pl-seat-name"><a data-testid="player-name" href="#">${name}</a></div>` +
    '<div class="pl-seat-sub"><span data-testid="player-rating"></span>' +
    '<span class="pl-badge pl-badge-you" data-testid="you-badge" hidden>You</span>' +
    '<span class="pl-badge pl-badge-cpu" data-testid="cpu-badge" title="The CPU is playing this seat" hidden>CPU</span>' +
    '<span class="pl-clock" data-testid="clock" aria-label="time left for this move" hidden></span></div>' +
    '</div>' +
    `<span class="pl-count" data-testid="disc-count" aria-label="${name} discs">2</span>` +
    '</div>'
  );
}

/** The 64 squares, a1 top-left: files a–h left to right, ranks 1–8 top to bottom. */
function boardHtml(): string {
  let cells = '';
  for (let i = 0; i < 64; i++) {
    const sq = squareAt(i);
    cells += `<button type="button" class="pl-sq" data-testid="square" data-square="${sq}" data-disc="" aria-label="${sq}" tabindex="-1"><span class="pl-piece"></span></button>`;
  }
  const files = [...FILES].map((f) => `<span>${f}</span>`).join('');
  const ranks = [1, 2, 3, 4, 5, 6, 7, 8].map((r) => `<span>${r}</span>`).join('');
  return (
    '<div class="pl-frame">' +
    `<div class="pl-files" aria-hidden="true">${files}</div>` +
    `<div class="pl-ranks" aria-hidden="true">${ranks}</div>` +
    `<div class="pl-board" data-testid="board" role="group" aria-label="Board" data-interactive="false">${cells}</div>` +
    '</div>'
  );
}

/** `GET /play/:gameId`: the board shell; the script fills it from the API. */
export function renderPlayGame(gameId: string): string {
  const id = escapeHtml(gameId);
  const body = `<style>${PLAY_CSS}</style>
<div class="pl-page pl-game" id="play-game" data-testid="play-game" data-game-id="${id}" data-state="loading">
<div class="pl-topbar">
<a href="/play">← Lobby</a>
<span data-testid="game-meta"></span>
<span class="pl-spacer"></span>
<span class="pl-conn" data-testid="connection" data-conn="connecting">Connecting…</span>
</div>
<div class="pl-message" data-testid="game-missing" hidden>
<h1>Game not found</h1>
<p class="subtle">There is no game <code>${id}</code>.</p>
<p><a class="pl-btn pl-btn-primary" href="/play">Go to the lobby</a></p>
</div>
<div class="pl-layout" data-testid="game-area">
<section class="pl-main" aria-label="Game">
<div class="pl-seats">${seatHtml('black')}${seatHtml('white')}</div>
<p class="pl-status" data-testid="turn-status" role="status" aria-live="polite">Loading the game…</p>
${boardHtml()}
</section>
<aside class="pl-side">
<p class="pl-flash" data-testid="flash" role="alert" hidden></p>
<div class="pl-result" data-testid="result-banner" hidden>
<h2 data-testid="result-title"></h2>
<p data-testid="result-detail"></p>
<p class="pl-score" data-testid="result-score"></p>
<div class="pl-changes" data-testid="rating-changes"></div>
</div>
<div class="pl-actions">
<button type="button" class="pl-btn pl-btn-danger" data-testid="resign-button" hidden>Resign</button>
<button type="button" class="pl-btn pl-btn-primary" data-testid="rematch-button" hidden>Rematch</button>
<a class="pl-btn" href="/play" data-testid="lobby-link">New game</a>
</div>
<section class="pl-card pl-moves">
<h2>Moves <small data-testid="move-count"></small></h2>
<p class="pl-empty-moves" data-testid="no-moves">No moves yet. Black moves first.</p>
<ol class="pl-move-list" data-testid="move-list"></ol>
</section>
</aside>
</div>
</div>
<script>${GAME_SCRIPT}</script>`;
  return layout('Game', body);
}

/** `GET /play/<not a game id>`: 404 page. */
export function renderPlayNotFound(gameId: string): string {
  const body = `<style>${PLAY_CSS}</style>
<div class="pl-page pl-message" data-testid="play-not-found">
<h1>Game not found</h1>
<p class="subtle">There is no game <code data-testid="missing-game-id">${escapeHtml(gameId.slice(0, 100))}</code>.</p>
<p><a class="pl-btn pl-btn-primary" href="/play">Go to the lobby</a></p>
</div>`;
  return layout('Game not found', body);
}
