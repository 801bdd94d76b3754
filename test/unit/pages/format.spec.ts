import { describe, it, expect } from '@jest/globals';
import {
  escapeHtml,
  formatDate,
  formatDelta,
  formatInt,
  formatRating,
  formatRecord,
  isoDate,
  isoTime,
  playerHref,
  transcriptHref,
} from '../../../src/pages/views/format.js';

describe('escapeHtml', () => {
  it.each([
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['a"b&c', 'a&quot;b&amp;c'],
    ["it's", 'it&#39;s'],
    ['&amp;', '&amp;amp;'],
    ['plain_name-1', 'plain_name-1'],
    ['', ''],
  ])('%s → %s', (input, expected) => {
    expect(escapeHtml(input)).toBe(expected);
  });

  it('stringifies non-strings', () => {
    expect(escapeHtml(42)).toBe('42');
    expect(escapeHtml(null)).toBe('');
    expect(escapeHtml(undefined)).toBe('');
  });
});

describe('number formatting', () => {
  it.each([
    [1500, '1500'],
    [1499.5, '1500'],
    [1463.9, '1464'],
    [-0.2, '0'],
    [Number.NaN, '—'],
    [null, '—'],
  ])('formatInt(%p) = %s', (n, s) => {
    expect(formatInt(n)).toBe(s);
  });

  it.each([
    [1500.4, false, '1500'],
    [1662.31, true, '1662?'],
  ])('formatRating(%p, %p) = %s', (r, p, s) => {
    expect(formatRating(r, p)).toBe(s);
  });

  it.each([
    [12.4, '+12'],
    [-7.6, '-8'],
    [0.3, '0'],
    [-0.3, '0'],
    [null, '—'],
  ])('formatDelta(%p) = %s', (d, s) => {
    expect(formatDelta(d)).toBe(s);
  });

  it('formats a record', () => {
    expect(formatRecord(12, 3, 5)).toBe('12–3–5');
  });
});

describe('dates and links', () => {
  it('shows the UTC date in a <time> element', () => {
    expect(isoDate('2024-05-01T23:30:00.000Z')).toBe('2024-05-01');
    expect(isoDate('nope')).toBeNull();
    expect(formatDate('2024-05-01T23:30:00.000Z')).toBe(
      '<time datetime="2024-05-01T23:30:00.000Z" title="2024-05-01 23:30 UTC">2024-05-01</time>',
    );
    expect(formatDate(null)).toBe('—');
    expect(formatDate(undefined)).toBe('—');
    expect(formatDate('<b>')).toBe('&lt;b&gt;');
  });

  it('gives the UTC time of day', () => {
    expect(isoTime('2024-05-01T23:30:59.000Z')).toBe('23:30');
    expect(isoTime('2024-05-01T01:05:00+02:00')).toBe('23:05');
    expect(isoTime('nope')).toBeNull();
    expect(isoTime(null)).toBeNull();
    expect(isoTime('')).toBeNull();
  });

  it('encodes path segments', () => {
    expect(playerHref('a"b&c')).toBe('/players/a%22b%26c');
    expect(playerHref('<script>')).toBe('/players/%3Cscript%3E');
    expect(transcriptHref('g/1')).toBe('/api/games/g%2F1/transcript');
    expect(transcriptHref(17)).toBe('/api/games/17/transcript');
  });
});
