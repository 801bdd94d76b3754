import { describe, expect, it } from '@jest/globals';
import { EventEmitter } from 'node:events';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { loggerOptions, requestLogging } from '../../../src/common/request-logging.js';

/** A root logger whose lines are kept (parsed), and how many children it made. */
function capture(level: string) {
  const lines: any[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      cb();
    },
  });
  const root = pino(loggerOptions(level), sink);
  let children = 0;
  const child = root.child.bind(root);
  root.child = ((...args: Parameters<typeof root.child>) => {
    children++;
    return child(...args);
  }) as typeof root.child;
  return { root, lines, children: () => children, flush: () => new Promise((r) => setImmediate(r)) };
}

function exchange(url: string, headers: Record<string, string> = {}) {
  const req = Object.assign(new EventEmitter(), { method: 'POST', url, headers }) as any;
  const res = Object.assign(new EventEmitter(), {
    statusCode: 201,
    headers: {} as Record<string, string>,
    setHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    },
  }) as any;
  return { req, res };
}

describe('the request logger', () => {
  it('gives every request its id (a sane X-Request-Id kept) and makes no child logger when nothing is logged', () => {
    const { root, lines, children } = capture('warn');
    const mw = requestLogging(root);
    const { req, res } = exchange('/api/games/1/moves', { 'x-request-id': 'abc-1' });
    let nexts = 0;
    mw(req, res, () => nexts++);
    res.statusCode = 201;
    res.emit('finish');
    expect(nexts).toBe(1);
    expect(req.id).toBe('abc-1');
    expect(res.headers['x-request-id']).toBe('abc-1');
    expect(children()).toBe(0);
    expect(lines).toEqual([]);

    const other = exchange('/api/games', { 'x-request-id': 'bad id with spaces' });
    mw(other.req, other.res, () => undefined);
    expect(other.req.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("logs through the request's logger with its bindings, made on first use", async () => {
    const { root, lines, children, flush } = capture('warn');
    const { req, res } = exchange('/api/rooms');
    requestLogging(root)(req, res, () => undefined);
    req.log.warn({ why: 'x' }, 'something');
    req.log.warn('again');
    await flush();
    expect(children()).toBe(1);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 40, why: 'x', msg: 'something', req: { id: req.id, method: 'POST', url: '/api/rooms' } });
    expect(req.log.isLevelEnabled('info')).toBe(false);
  });

  it('writes the completion line with the fields pino-http wrote, once, and none for /health', async () => {
    const { root, lines, flush } = capture('info');
    const mw = requestLogging(root);
    const { req, res } = exchange('/api/games/1/moves', { authorization: 'Bearer secret' });
    mw(req, res, () => undefined);
    res.emit('finish');
    res.emit('close');
    const failed = exchange('/api/players');
    mw(failed.req, failed.res, () => undefined);
    failed.res.statusCode = 500;
    failed.res.emit('finish');
    const health = exchange('/health');
    mw(health.req, health.res, () => undefined);
    health.res.emit('finish');
    await flush();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 30, msg: 'request completed', req: { id: req.id, method: 'POST', url: '/api/games/1/moves' }, res: { statusCode: 201 } });
    expect(typeof lines[0].responseTime).toBe('number');
    expect(JSON.stringify(lines[0])).not.toContain('secret');
    expect(lines[1]).toMatchObject({ msg: 'request errored', res: { statusCode: 500 }, err: { message: 'failed with status code 500' } });
  });
});
