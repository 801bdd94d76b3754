import { pageContextOf } from '../../../src/i18n/page-context.js';
import { describe, expect, it } from '@jest/globals';
import { renderErrorPage } from '../../../src/pages/views/error.js';

const EN = pageContextOf('en');

describe('the error page', () => {
  it('says the server is unavailable for a moment on a 503, with a retry and a way home', () => {
    const html = renderErrorPage(EN, { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'The database is unavailable.' });
    expect(html).toContain('<title>Outflank is unavailable for a moment · Outflank</title>');
    expect(html).toContain('data-testid="error-page" data-status="503" data-code="SERVICE_UNAVAILABLE"');
    expect(html).toContain('Nothing is lost: try again in a few seconds.');
    expect(html).toContain('data-testid="error-retry"');
    expect(html).toContain('<a class="pl-btn" href="/">Home</a>');
    expect(html).not.toMatch(/<style|\sstyle=|<script>/);
  });

  it('never shows internals of a 500, and escapes a 4xx message', () => {
    expect(renderErrorPage(EN, { statusCode: 500, code: 'INTERNAL_ERROR', message: 'stack <here>' })).not.toContain('stack');
    const html = renderErrorPage(EN, { statusCode: 400, code: 'VALIDATION_FAILED', message: '<b>bad</b> & worse' });
    expect(html).toContain('&lt;b&gt;bad&lt;/b&gt; &amp; worse');
    expect(html).not.toContain('<b>bad</b>');
  });
});
