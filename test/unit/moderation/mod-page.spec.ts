/** The moderator page's panels, rendered in the request's language from the catalogues' `mod` section. */
import { describe, expect, it } from '@jest/globals';
import { pageContextOf } from '../../../src/i18n/page-context';
import { renderModOverview, renderModPlayer, renderModShell } from '../../../src/moderation/views/mod-page';
import { boosted, flagged, outliers, playerView, reports } from './mod-views.fixture';

const EN = pageContextOf('en', '/mod');
const BN = pageContextOf('bn', '/mod');

describe('the moderator page views', () => {
  it('the shell names the page and waits for its script', () => {
    const html = renderModShell(EN);
    expect(html).toContain('<title>Moderation');
    expect(html).toMatch(/data-part="status" role="status">Loading…</);
    expect(renderModShell(BN)).toContain('<h1>মডারেশন</h1>');
  });

  it('the overview lists open reports with their reason in words and the outliers with their band', () => {
    const html = renderModOverview(EN, reports, outliers);
    expect(html).toContain('<h2>Open reports</h2>');
    expect(html).toContain('<td>Used an engine</td><td>too precise</td>');
    expect(html).toContain('href="/mod?player=alice" data-mod-player="alice"');
    expect(html).toMatch(/data-testid="outlier-score">4\.25</);
    expect(html).toContain('<td>1500–1599</td>');
    expect(html).toContain('97.5% <span class="subtle">(band median 70.0%)</span>');
    expect(html).toContain('120 moves');
    const bn = renderModOverview(BN, reports, outliers);
    expect(bn).toContain('<h2>খোলা রিপোর্ট</h2>');
    expect(bn).toContain('<td>ইঞ্জিন ব্যবহার</td>');
    // Latin digits in every language.
    expect(bn).toMatch(/data-testid="outlier-score">4\.25</);
  });

  it('the overview lists the accounts flagged for sandbagging with who gained from their cheap losses (issue #21)', () => {
    const html = renderModOverview(EN, reports, outliers, flagged);
    expect(html).toContain('<h2>Flagged for losing on purpose</h2>');
    expect(html).toContain('href="/mod?player=carol" data-mod-player="carol"');
    expect(html).toContain('<td class="num">6 of 8</td>');
    expect(html).toContain('>mainacct +96 (5 games)</a>, <a href="/players/dave">dave +11 (1 game)</a>');
    const bn = renderModOverview(BN, reports, outliers, flagged);
    expect(bn).toContain('<h2>ইচ্ছে করে হারার জন্য চিহ্নিত</h2>');
    expect(bn).toContain('<td class="num">8টির মধ্যে 6টি</td>');
  });

  it('the overview lists the accounts the boosting detector finds, each with its feeders linked to their moderator view', () => {
    const html = renderModOverview(EN, reports, outliers, flagged, boosted);
    expect(html).toContain('<h2>Rating from new accounts</h2>');
    expect(html).toContain('href="/mod?player=mainacct" data-mod-player="mainacct"');
    expect(html).toMatch(/data-testid="booster-row">.*<td class="num">7\.50<\/td><td class="num">8 of 9<\/td>/);
    expect(html).toContain('<a href="/mod?player=erin" data-mod-player="erin">erin +30 (5 games)</a>, <a href="/mod?player=frank" data-mod-player="frank">frank +10 (3 games)</a>');
    expect(renderModOverview(BN, reports, outliers, flagged, boosted)).toContain('<h2>নতুন অ্যাকাউন্ট থেকে আসা রেটিং</h2>');
    expect(renderModOverview(EN, [], { players: [] })).toContain('data-testid="boosters-empty">No account is listed.');
  });

  it('the report queue pages: links to the previous and next pages and which reported players this page holds', () => {
    const first = renderModOverview(EN, reports, outliers, [], [], { page: 1, limit: 20, total: 45 });
    expect(first).toContain('<span data-testid="reports-page">Reported players 1–20 of 45</span>');
    expect(first).toContain('<a rel="next" data-testid="reports-next" href="/mod?page=2">Next →</a>');
    expect(first).not.toContain('reports-prev');
    const last = renderModOverview(EN, reports, outliers, [], [], { page: 3, limit: 20, total: 45 });
    expect(last).toContain('Reported players 41–45 of 45');
    expect(last).toContain('<a rel="prev" data-testid="reports-prev" href="/mod?page=2">← Previous</a>');
    expect(last).not.toContain('reports-next');
    // One page: no pager.
    expect(renderModOverview(EN, reports, outliers, [], [], { page: 1, limit: 20, total: 3 })).not.toContain('reports-pager');
  });

  it('an empty overview says so', () => {
    const html = renderModOverview(EN, [], { players: [] });
    expect(html).toContain('No account is flagged.');
    expect(html).toContain('No open reports.');
    expect(html).toContain('Not enough analysed rated games yet.');
  });

  it("a player's view: marks with dates, statistics, move times, games linked to their replays, reports, actions, the audit log", () => {
    const html = renderModPlayer(EN, playerView);
    expect(html).toContain('Player alice');
    expect(html).toMatch(/data-testid="mark-engine">Marked as an engine user on <time datetime="2024-03-02T10:00:00.000Z"[^>]*>March 2, 2024<\/time>\./);
    expect(html).toContain('data-testid="mark-closed">Closed on');
    expect(html).toContain('360 moves: mean 4.2 s, median 4.0 s, variation 0.08');
    expect(html).toContain('<a href="/play/00000000-0000-4000-8000-000000000001" data-testid="replay-link">Analysed replay</a>');
    expect(html).toContain('<td>Black</td>');
    expect(html).toContain('<td>closed</td>');
    expect(html).toContain('<option value="engine">Mark as engine user</option>');
    expect(html).toContain('data-part="action-form" data-mod-action="alice"');
    expect(html).toContain('data-action="engine">marked as engine user</td>');
    expect(html).toContain('<td>the outflank command</td><td data-testid="audit-action" data-action="grant-moderator">made a moderator</td>');
    // Each analysed game with its opponent (their moderator view) and when it ended, in words.
    expect(html).toContain('<td><a href="/mod?player=dave" data-mod-player="dave">dave</a></td><td>Black</td>');
    expect(html).toMatch(/<tr data-testid="analysed-game"><td><time datetime="2024-03-01T09:00:00.000Z" data-when="relative"[^>]*>[^<]*ago<\/time><\/td>/);
    // The reason stays the moderators' note; a warning's message is a field of its own.
    expect(html).toContain('<option value="" selected>Choose an action…</option>');
    expect(html).toContain('<label for="mod-reason">Reason (written to the audit log only; the player never sees it)</label>');
    expect(html).toContain('<label for="mod-message">Warning the player sees (for “Warn” only)</label><textarea id="mod-message" name="message" maxlength="500" rows="2"></textarea>');
    const bn = renderModPlayer(BN, playerView);
    expect(bn).toContain('খেলোয়াড় alice');
    expect(bn).toContain('<option value="warn">সতর্ক করুন (রিপোর্টগুলি বন্ধ হবে)</option>');
  });

  it("the audit log shows a warning's message beside its reason", () => {
    const warned = { ...playerView.auditLog[0], action: 'warn' as const, reason: 'three reports', message: 'Please stop stalling.' };
    const html = renderModPlayer(EN, { ...playerView, auditLog: [warned] });
    expect(html).toContain('<td>three reports<br><span class="subtle" data-testid="audit-message">To the player: Please stop stalling.</span></td>');
  });

  it("escapes the players' and moderators' own words", () => {
    const html = renderModPlayer(EN, { ...playerView, auditLog: [{ ...playerView.auditLog[0], reason: '<script>x</script>' }] });
    expect(html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(html).not.toContain('<script>x');
  });
});
