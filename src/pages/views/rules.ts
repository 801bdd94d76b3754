/**
 * `GET /rules`: the rules page. The seed page's sections in our words (rules.messages.en.ts), the
 * board diagrams drawn from the engine's positions (../domain/diagrams.ts → ./board-svg.ts), and
 * the settings tables filled from the running server's configuration (../domain/site-settings.ts).
 * No inline script or style.
 */
import type { BoardDiagram, DiagramKey } from '../domain/diagrams.js';
import type { SiteSettings } from '../domain/site-settings.js';
import { listAnd, listOr, type MessageParams } from '../format-message.js';
import { durationText, rulesText as t, type RulesMessageKey } from '../rules.messages.en.js';
import { renderBoardSvg } from './board-svg.js';
import { escapeHtml } from './format.js';
import { layout } from './layout.js';

export interface RulesPageView {
  settings: SiteSettings;
  diagrams: Readonly<Record<DiagramKey, BoardDiagram>>;
  /** Squares on the board, and discs on it at the start (for "at most 60 moves"). */
  squares: number;
  startDiscs: number;
}

const e = escapeHtml;

/** The links other pages show to the rules and the lesson. */
export function rulesLinksHtml(): string {
  return (
    '<p class="rules-links" data-testid="rules-links">' +
    `<a href="/rules">${e(t('rules.links.rulesLong'))}</a> · <a href="/learn">${e(t('rules.links.learn'))}</a>` +
    '</p>'
  );
}

function list(keys: RulesMessageKey[], params: Record<string, string | number> = {}): string {
  return `<ul>${keys.map((k) => `<li>${e(t(k, params))}</li>`).join('')}</ul>`;
}

function section(id: string, titleKey: RulesMessageKey, body: string): string {
  return `<section class="rules-section" id="${id}" aria-labelledby="${id}-title"><h2 id="${id}-title">${e(t(titleKey))}</h2>${body}</section>`;
}

/** A diagram's facts as message parameters: lists of squares joined the language's way ("e3, e4 and f4"). */
export function factParams(facts: BoardDiagram['facts']): MessageParams {
  return Object.fromEntries(Object.entries(facts).map(([k, v]) => [k, typeof v === 'object' ? listAnd(v) : v]));
}

function figure(diagram: BoardDiagram): string {
  const facts = factParams(diagram.facts);
  const title = t(`rules.diagram.${diagram.key}.title` as RulesMessageKey, facts);
  const desc = t(`rules.diagram.${diagram.key}.desc` as RulesMessageKey, facts);
  const source = diagram.game ? `<span class="rules-source">${e(t('rules.diagram.source', { event: diagram.game.event, moves: diagram.game.moves.join(' ') }))}</span>` : '';
  return (
    `<figure class="rules-figure" data-testid="diagram-${diagram.key}">` +
    renderBoardSvg(diagram, { title, desc }, `diagram-${diagram.key}`) +
    `<figcaption><strong>${e(title)}</strong> ${e(desc)} ${source}</figcaption>` +
    '</figure>'
  );
}

function row(key: string, cells: string[]): string {
  const [head, ...rest] = cells;
  return `<tr data-setting="${key}"><th scope="row">${e(head)}</th>${rest.map((c) => `<td>${e(c)}</td>`).join('')}</tr>`;
}

function siteTable(s: SiteSettings): string {
  const choices = listOr(s.turnLimitChoices.map(String));
  return (
    '<div class="table-wrap"><table class="rules-table" data-testid="site-settings">' +
    `<thead><tr><th scope="col">${e(t('rules.site.item'))}</th><th scope="col">${e(t('rules.site.value'))}</th></tr></thead><tbody>` +
    row('players', [t('rules.site.players'), t('rules.site.playersValue', { players: s.players })]) +
    row('turnLimit', [t('rules.site.turnLimit'), t('rules.site.turnLimitValue', { choices })]) +
    row('dropOut', [
      t('rules.site.dropOut'),
      t('rules.site.dropOutValue', { takeover: durationText(s.cpuTakeoverSeconds), idle: durationText(s.idleTurnSeconds) }),
    ]) +
    row('draws', [t('rules.site.draws'), t('rules.site.drawsValue', { score: s.drawScore })]) +
    row('source', [t('rules.site.source'), t('rules.site.sourceValue')]) +
    '</tbody></table></div>'
  );
}

function houseTable(s: SiteSettings): string {
  const onOff = (on: boolean) => t(on ? 'rules.house.on' : 'rules.house.off');
  const choices = listOr(s.turnLimitChoices.map(String));
  const size = t('rules.house.size', { n: s.boardSize });
  return (
    `<p>${e(t('rules.house.body'))}</p>` +
    '<div class="table-wrap"><table class="rules-table" data-testid="house-settings">' +
    '<thead><tr>' +
    (['rules.house.name', 'rules.house.details', 'rules.house.default', 'rules.house.changeable'] as const).map((k) => `<th scope="col">${e(t(k))}</th>`).join('') +
    '</tr></thead><tbody>' +
    row('showLegalMoves', [t('rules.house.legal'), t('rules.house.legalDetails'), onOff(s.showLegalMovesDefault), t('rules.house.byHost')]) +
    row('swapColors', [t('rules.house.swap'), t('rules.house.swapDetails'), onOff(s.swapColorsDefault), t('rules.house.byHost')]) +
    row('turnSeconds', [
      t('rules.house.turnLimit'),
      t('rules.house.turnLimitDetails'),
      s.turnLimitDefault === null ? t('rules.house.none') : durationText(s.turnLimitDefault),
      t('rules.house.turnLimitChoices', { choices }),
    ]) +
    row('boardSize', [t('rules.house.boardSize'), t('rules.house.boardSizeDetails'), size, t('rules.house.fixed')]) +
    '</tbody></table></div>' +
    `<p class="subtle">${e(t('rules.house.queueNote'))}</p>`
  );
}

function ladderList(s: SiteSettings): string {
  const w = s.rankedWindow;
  const items: [string, string][] = [
    ['ranked', t('rules.ladder.ranked', { initialRating: s.initialRating })],
    ['abort', t('rules.ladder.abort', { firstMove: durationText(s.firstMoveSeconds) })],
    ['window', t('rules.ladder.window', { initial: w.initial, step: w.step, stepSeconds: durationText(w.stepSeconds), max: w.max, perPair: s.rankedGamesPerPair24h })],
    ['leaderboard', t('rules.ladder.leaderboard', { minGames: s.leaderboardMinGames, activeDays: s.leaderboardActiveDays })],
  ];
  return `<ul data-testid="ladder-rules">${items.map(([k, text]) => `<li data-setting="${k}">${e(text)}</li>`).join('')}</ul>`;
}

function terms(): string {
  const keys = ['outflank', 'flip', 'pass', 'corner'] as const;
  return `<dl class="rules-terms">${keys.map((k) => `<dt>${e(t(`rules.terms.${k}`))}</dt><dd>${e(t(`rules.terms.${k}Def`))}</dd>`).join('')}</dl>`;
}

function faq(): string {
  const keys = ['anywhere', 'howMany', 'corners', 'dots', 'first', 'size'] as const;
  return keys.map((k) => `<h3>${e(t(`rules.faq.${k}`))}</h3><p>${e(t(`rules.faq.${k}A`))}</p>`).join('');
}

function playLinks(where: 'top' | 'end'): string {
  return (
    '<p class="pl-row rules-cta">' +
    `<a class="pl-btn pl-btn-primary" href="/play" data-testid="rules-play-${where}">${e(t('rules.links.playWithRules'))}</a>` +
    `<a class="pl-btn" href="/learn" data-testid="rules-learn-${where}">${e(t('rules.links.learn'))}</a>` +
    '</p>'
  );
}

const SECTIONS: [string, RulesMessageKey][] = [
  ['what', 'rules.what.title'],
  ['setup', 'rules.setup.title'],
  ['playing', 'rules.playing.title'],
  ['legal', 'rules.legal.title'],
  ['pass', 'rules.pass.title'],
  ['end', 'rules.end.title'],
  ['othello', 'rules.othello.title'],
  ['first', 'rules.first.title'],
  ['site', 'rules.site.title'],
  ['house', 'rules.house.title'],
  ['ladder', 'rules.ladder.title'],
  ['terms', 'rules.terms.title'],
  ['questions', 'rules.faq.title'],
];

/** The whole rules page. */
export function renderRules(view: RulesPageView): string {
  const s = view.settings;
  const d = view.diagrams;
  const toc = `<nav class="rules-toc" aria-labelledby="toc-title"><h2 id="toc-title">${e(t('rules.toc'))}</h2><ol>${SECTIONS.map(([id, key]) => `<li><a href="#${id}">${e(t(key))}</a></li>`).join('')}</ol></nav>`;
  const body = [
    '<article class="pl-page rules-page" id="rules" data-testid="rules-page">',
    `<header class="rules-hero"><h1>${e(t('rules.title'))}</h1><p class="rules-lede">${e(t('rules.lede'))}</p>${playLinks('top')}</header>`,
    toc,
    section('what', 'rules.what.title', `<p>${e(t('rules.what.body'))}</p>`),
    section(
      'setup',
      'rules.setup.title',
      list(['rules.setup.players', 'rules.setup.centre', 'rules.setup.first'], factParams({ white: d.start.facts.white, black: d.start.facts.black })) + figure(d.start),
    ),
    section('playing', 'rules.playing.title', list(['rules.playing.turns', 'rules.playing.where', 'rules.playing.flip', 'rules.playing.pass', 'rules.playing.still'])),
    section('legal', 'rules.legal.title', `<p>${e(t('rules.legal.body'))}</p>` + list(['rules.legal.gap', 'rules.legal.all', 'rules.legal.noChain', 'rules.legal.dots']) + figure(d.flip)),
    section('pass', 'rules.pass.title', `<p>${e(t('rules.pass.body'))}</p>` + list(['rules.pass.auto', 'rules.pass.end']) + figure(d.pass)),
    section('end', 'rules.end.title', list(['rules.end.when', 'rules.end.most', 'rules.end.draw'])),
    section('othello', 'rules.othello.title', `<p>${e(t('rules.othello.body'))}</p>` + list(['rules.othello.start', 'rules.othello.standard'])),
    section(
      'first',
      'rules.first.title',
      `<p>${e(t('rules.first.body'))}</p>` +
        list(['rules.first.corners', 'rules.first.count', 'rules.first.moves'], { moves: view.squares - view.startDiscs, squares: view.squares, start: view.startDiscs }) +
        figure(d.corner) +
        `<p><a href="/learn">${e(t('rules.links.learn'))}</a></p>`,
    ),
    section('site', 'rules.site.title', siteTable(s)),
    section('house', 'rules.house.title', houseTable(s)),
    section('ladder', 'rules.ladder.title', ladderList(s)),
    section('terms', 'rules.terms.title', terms()),
    section('questions', 'rules.faq.title', faq()),
    `<section class="rules-section rules-end-cta" aria-label="${e(t('rules.links.playWithRules'))}"><p>${e(t('rules.cta.body'))}</p>${playLinks('end')}</section>`,
    '</article>',
  ].join('\n');
  return layout(t('rules.pageTitle'), body, 'rules');
}
