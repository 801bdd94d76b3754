/**
 * The home page's first screen, for someone who has never heard of Reversi: what it is in one
 * line, a picture of the start position (drawn from the engine's, ../domain/diagrams.ts), then the
 * ways in: Play, Learn the rules, Leaderboard, Watch. The live games follow (filled by the client).
 */
import { startDiagram } from '../domain/diagrams.js';
import { renderBoardSvg } from './board-svg.js';
import type { PageContext } from './layout.js';
import { watchListHtml } from './play.js';
import { factParams, rulesLinksHtml } from './rules.js';

const START = startDiagram();

/** The hero (one line, the board, the four ways in) and the live games. */
export function renderHomeHero(page: PageContext): string {
  const { t } = page;
  const facts = factParams(START.facts, t.locale);
  const board = renderBoardSvg(START, { title: t.t('rules.diagram.start.title'), desc: t.t('rules.diagram.start.desc', facts) }, 'home-board');
  return (
    '<div class="pl-page home" id="home" data-testid="home">' +
    '<section class="home-hero" data-testid="play-now" aria-labelledby="home-title">' +
    '<div class="home-pitch">' +
    `<h1 id="home-title">${t.html('home.title')}</h1>` +
    `<p class="home-tagline" data-testid="home-tagline">${t.html('home.tagline')}</p>` +
    '<div class="home-actions">' +
    `<a class="pl-btn pl-btn-primary" href="/play" data-testid="play-now-button">${t.html('home.playNow')}</a>` +
    `<a class="pl-btn" href="/play#computer" data-testid="home-computer">${t.html('home.playComputer')}</a>` +
    `<a class="pl-btn" href="/learn" data-testid="home-learn">${t.html('home.learn')}</a>` +
    `<a class="pl-btn" href="/leaderboard" data-testid="home-leaderboard">${t.html('home.leaderboardLink')}</a>` +
    `<a class="pl-btn" href="#watch-title" data-testid="home-watch">${t.html('home.watch')}</a>` +
    '</div>' +
    `<p class="pl-hint">${t.html('home.playText')}</p>` +
    rulesLinksHtml(page) +
    '</div>' +
    `<div class="home-board" data-testid="home-board">${board}</div>` +
    '</section>' +
    watchListHtml(page) +
    '</div>'
  );
}

