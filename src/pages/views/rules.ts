/**
 * `GET /rules`: the rules page. The seed page's sections in our words, the
 * board diagrams drawn from the engine's positions (../domain/diagrams.ts → ./board-svg.ts), and
 * the settings tables filled from the running server's configuration (../domain/site-settings.ts);
 * every word from the catalogues (`rules.*`), in the request's language. No inline script or style.
 */
import { PROVISIONAL_RD } from '../../ratings/domain/glicko2.js';
import type { MessageKey } from '../../i18n/keys.js';
import type { MessageValues } from '../../i18n/translator.js';
import type { BoardDiagram, DiagramKey } from '../domain/diagrams.js';
import type { SiteSettings } from '../domain/site-settings.js';
import { listAnd, listOr } from '../lists.js';
import { renderBoardSvg } from './board-svg.js';
import { escapeHtml } from './format.js';
import { layout, type PageContext } from './layout.js';

export interface RulesPageView {
  settings: SiteSettings;
  diagrams: Readonly<Record<DiagramKey, BoardDiagram>>;
  /** Squares on the board, and discs on it at the start (for "at most 60 moves"). */
  squares: number;
  startDiscs: number;
}

const e = escapeHtml;

/** A message of the page's language as text (escape it for HTML). */
type Text = (key: MessageKey, values?: MessageValues) => string;

/** The links other pages show to the rules, the lesson, strategy and the openings. */
export function rulesLinksHtml(page: PageContext): string {
  const t: Text = page.t.t;
  return (
    '<p class="rules-links" data-testid="rules-links">' +
    `<a href="/rules">${e(t('rules.links.rulesLong'))}</a> · <a href="/learn">${e(t('rules.links.learn'))}</a>` +
    ` · <a href="/strategy">${e(t('rules.links.strategy'))}</a> · <a href="/openings">${e(t('rules.links.openings'))}</a>` +
    '</p>'
  );
}

/** A number of seconds in words: whole minutes or hours when it divides evenly (300 → "5 minutes"). */
export function durationText(t: Text, seconds: number): string {
  if (seconds >= 7200 && seconds % 3600 === 0) return t('rules.duration.hours', { n: seconds / 3600 });
  if (seconds >= 120 && seconds % 60 === 0) return t('rules.duration.minutes', { n: seconds / 60 });
  return t('rules.duration.seconds', { n: seconds });
}

/** A diagram's facts as message values: lists of squares joined the language's way ("e3, e4 and f4"). */
export function factParams(facts: BoardDiagram['facts'], locale: string): MessageValues {
  return Object.fromEntries(Object.entries(facts).map(([k, v]) => [k, typeof v === 'object' ? listAnd(v, locale) : v]));
}

/** A table row; `labels` (the columns' headings) let a phone show each cell under its heading. */
function row(key: string, cells: string[], labels: string[] = []): string {
  const [head, ...rest] = cells;
  const label = (i: number) => (labels[i + 1] ? ` data-label="${e(labels[i + 1])}"` : '');
  return `<tr data-setting="${key}"><th scope="row">${e(head)}</th>${rest.map((c, i) => `<td${label(i)}>${e(c)}</td>`).join('')}</tr>`;
}

const SECTIONS: [string, MessageKey][] = [
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

/** The whole rules page, in the page's language. */
export function renderRules(page: PageContext, view: RulesPageView): string {
  const t: Text = page.t.t;
  const locale = page.t.locale;
  const s = view.settings;
  const d = view.diagrams;
  const choices = listOr(s.turnLimitChoices.map((n) => page.t.number(n)), locale);
  const duration = (seconds: number) => durationText(t, seconds);
  const clockValues = {
    clocks: listAnd([...s.clockPresets], locale),
    rankedDefault: s.rankedClock,
    minBase: s.clockBounds.minBase,
    maxBase: s.clockBounds.maxBase,
    minIncrement: s.clockBounds.minIncrement,
    maxIncrement: s.clockBounds.maxIncrement,
    firstMove: duration(s.firstMoveSeconds),
  };

  const list = (keys: MessageKey[], values: MessageValues = {}) => `<ul>${keys.map((k) => `<li>${e(t(k, values))}</li>`).join('')}</ul>`;
  const section = (id: string, titleKey: MessageKey, body: string) =>
    `<section class="rules-section" id="${id}" aria-labelledby="${id}-title"><h2 id="${id}-title">${e(t(titleKey))}</h2>${body}</section>`;

  function figure(diagram: BoardDiagram): string {
    const facts = factParams(diagram.facts, locale);
    const title = t(`rules.diagram.${diagram.key}.title`, facts);
    const desc = t(`rules.diagram.${diagram.key}.desc`, facts);
    const source = diagram.game
      ? `<span class="rules-source">${e(t('rules.diagram.source', { event: diagram.game.event, moves: diagram.game.moves.join(' ') }))}</span>`
      : '';
    return (
      `<figure class="rules-figure" data-testid="diagram-${diagram.key}">` +
      renderBoardSvg(diagram, { title, desc }, `diagram-${diagram.key}`) +
      `<figcaption><strong>${e(title)}</strong> ${e(desc)} ${source}</figcaption>` +
      '</figure>'
    );
  }

  const siteTable = () =>
    '<div class="table-wrap"><table class="rules-table" data-testid="site-settings">' +
    `<thead><tr><th scope="col">${e(t('rules.site.item'))}</th><th scope="col">${e(t('rules.site.value'))}</th></tr></thead><tbody>` +
    row('players', [t('rules.site.players'), t('rules.site.playersValue', { players: s.players })]) +
    row('turnLimit', [t('rules.site.turnLimit'), t('rules.site.turnLimitValue', { choices })]) +
    row('clock', [t('rules.site.clock'), t('rules.site.clockValue', clockValues)]) +
    row('dropOut', [t('rules.site.dropOut'), t('rules.site.dropOutValue', { takeover: duration(s.cpuTakeoverSeconds), idle: duration(s.idleTurnSeconds) })]) +
    row('clockStandIn', [t('rules.site.clockStandIn'), t('rules.site.clockStandInValue', { takeover: duration(s.cpuTakeoverSeconds) })]) +
    row('draws', [t('rules.site.draws'), t('rules.site.drawsValue', { score: s.drawScore })]) +
    row('source', [t('rules.site.source'), t('rules.site.sourceValue')]) +
    '</tbody></table></div>';

  function houseTable(): string {
    const onOff = (on: boolean) => t(on ? 'rules.house.on' : 'rules.house.off');
    const heads: MessageKey[] = ['rules.house.name', 'rules.house.details', 'rules.house.default', 'rules.house.changeable'];
    const labels = heads.map((k) => t(k));
    return (
      `<p>${e(t('rules.house.body'))}</p>` +
      '<div class="table-wrap"><table class="rules-table rules-table-stack" data-testid="house-settings">' +
      `<thead><tr>${heads.map((k) => `<th scope="col">${e(t(k))}</th>`).join('')}</tr></thead><tbody>` +
      row('showLegalMoves', [t('rules.house.legal'), t('rules.house.legalDetails'), onOff(s.showLegalMovesDefault), t('rules.house.byHost')], labels) +
      row('swapColors', [t('rules.house.swap'), t('rules.house.swapDetails'), onOff(s.swapColorsDefault), t('rules.house.byHost')], labels) +
      row('turnSeconds', [
        t('rules.house.turnLimit'),
        t('rules.house.turnLimitDetails'),
        s.turnLimitDefault === null ? t('rules.house.none') : duration(s.turnLimitDefault),
        t('rules.house.turnLimitChoices', { choices }),
      ], labels) +
      row('boardSize', [t('rules.house.boardSize'), t('rules.house.boardSizeDetails'), t('rules.house.size', { n: s.boardSize }), t('rules.house.fixed')], labels) +
      '</tbody></table></div>' +
      `<p class="subtle">${e(t('rules.house.queueNote'))}</p>`
    );
  }

  /** The newcomers' gate and the cheap-win rule, each shown only when this server has it on. */
  function newcomers(): [string, string][] {
    const games = s.rankedMinCasualGames;
    const hours = s.rankedMinAccountHours;
    const out: [string, string][] = [];
    if (games > 0 || hours > 0) {
      out.push(['newcomers', t('rules.ladder.newcomers', { rule: games > 0 && hours > 0 ? 'both' : games > 0 ? 'games' : 'age', games, hours })]);
    }
    if (s.ratedMinLoserMoves > 0) out.push(['cheapWin', t('rules.ladder.cheapWin', { moves: s.ratedMinLoserMoves })]);
    return out;
  }

  function ladderList(): string {
    const w = s.rankedWindow;
    const items: [string, string][] = [
      ['ranked', t('rules.ladder.ranked', { initialRating: s.initialRating })],
      ['clocks', t('rules.ladder.clocks', { rankedDefault: s.rankedClock })],
      ['abort', t('rules.ladder.abort', { firstMove: duration(s.firstMoveSeconds) })],
      ['standIn', t('rules.ladder.standIn', { moves: s.rankedStandInMoves })],
      ['window', t('rules.ladder.window', { initial: w.initial, step: w.step, stepSeconds: duration(w.stepSeconds), max: w.max, perPair: s.rankedGamesPerPair24h })],
      ...newcomers(),
      ['provisional', t('rules.ladder.provisional', { rd: String(PROVISIONAL_RD) })],
      ['leaderboard', t('rules.ladder.leaderboard', { minGames: s.leaderboardMinGames, activeDays: s.leaderboardActiveDays })],
    ];
    return `<ul data-testid="ladder-rules">${items.map(([k, text]) => `<li data-setting="${k}">${e(text)}</li>`).join('')}</ul>`;
  }

  const terms = () =>
    `<dl class="rules-terms">${(['outflank', 'flip', 'pass', 'corner'] as const)
      .map((k) => `<dt>${e(t(`rules.terms.${k}`))}</dt><dd>${e(t(`rules.terms.${k}Def`))}</dd>`)
      .join('')}</dl>`;
  const faq = () =>
    (['anywhere', 'howMany', 'corners', 'dots', 'first', 'size'] as const).map((k) => `<h3>${e(t(`rules.faq.${k}`))}</h3><p>${e(t(`rules.faq.${k}A`))}</p>`).join('');
  const playLinks = (where: 'top' | 'end') =>
    '<p class="pl-row rules-cta">' +
    `<a class="pl-btn pl-btn-primary" href="/play" data-testid="rules-play-${where}">${e(t('rules.links.playWithRules'))}</a>` +
    `<a class="pl-btn" href="/learn" data-testid="rules-learn-${where}">${e(t('rules.links.learn'))}</a>` +
    '</p>';

  const toc = `<nav class="rules-toc" aria-labelledby="toc-title"><h2 id="toc-title">${e(t('rules.toc'))}</h2><ol>${SECTIONS.map(([id, key]) => `<li><a href="#${id}">${e(t(key))}</a></li>`).join('')}</ol></nav>`;
  const body = [
    '<article class="pl-page rules-page" id="rules" data-testid="rules-page">',
    `<header class="rules-hero"><h1>${e(t('rules.title'))}</h1><p class="rules-lede">${e(t('rules.lede'))}</p>${playLinks('top')}</header>`,
    toc,
    section('what', 'rules.what.title', `<p>${e(t('rules.what.body'))}</p>`),
    section(
      'setup',
      'rules.setup.title',
      list(['rules.setup.players', 'rules.setup.centre', 'rules.setup.first'], factParams({ white: d.start.facts.white, black: d.start.facts.black }, locale)) + figure(d.start),
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
        // The seed's own line of links: learn on the board · strategy and tips · openings.
        `<p data-testid="rules-first-links"><a href="/learn">${e(t('rules.links.learn'))}</a> · <a href="/strategy">${e(t('rules.links.strategy'))}</a> · <a href="/openings">${e(t('rules.links.openings'))}</a></p>`,
    ),
    section('site', 'rules.site.title', siteTable()),
    section('house', 'rules.house.title', houseTable()),
    section('ladder', 'rules.ladder.title', ladderList()),
    section('terms', 'rules.terms.title', terms()),
    section('questions', 'rules.faq.title', faq()),
    `<section class="rules-section rules-end-cta" aria-label="${e(t('rules.links.playWithRules'))}"><p>${e(t('rules.cta.body'))}</p>${playLinks('end')}</section>`,
    '</article>',
  ].join('\n');
  return layout(page, t('rules.pageTitle'), body, 'rules');
}
