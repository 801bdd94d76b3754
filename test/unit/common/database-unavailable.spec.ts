import { describe, expect, it } from '@jest/globals';
import { BadRequestException, ServiceUnavailableException } from '@nestjs/common';
import net from 'node:net';
import pg from 'pg';
import { QueryFailedError, QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { toErrorBody } from '../../../src/common/error-body.js';
import { isDatabaseUnavailable } from '../../../src/common/database-unavailable.js';
import { AppError } from '../../../src/common/errors.js';

/** A PostgreSQL error as pg makes it: a message and a SQLSTATE. */
function pgError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code, severity: 'FATAL' });
}

const wrapped = (driverError: Error) => new QueryFailedError('SELECT 1', [], driverError);

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

describe('isDatabaseUnavailable', () => {
  it('recognises a refused connection as pg reports it', async () => {
    const client = new pg.Client({ connectionString: `postgres://u:p@127.0.0.1:${await closedPort()}/db` });
    const err = await client.connect().then(
      () => null,
      (e: unknown) => e,
    );
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(toErrorBody(err)).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE' });
  });

  it('recognises a pool that cannot get a connection in time', async () => {
    // A server that accepts and never answers: the connection times out.
    const silent = net.createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()));
    const pool = new pg.Pool({ connectionString: `postgres://u:p@127.0.0.1:${(silent.address() as net.AddressInfo).port}/db`, connectionTimeoutMillis: 200 });
    try {
      const err = await pool.query('SELECT 1').then(
        () => null,
        (e: unknown) => e,
      );
      expect(isDatabaseUnavailable(err)).toBe(true);
    } finally {
      await pool.end();
      silent.close();
    }
  });

  it.each<[string, unknown]>([
    ['ECONNRESET', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['ETIMEDOUT', Object.assign(new Error('connect ETIMEDOUT'), { code: 'ETIMEDOUT' })],
    ['ENOTFOUND (a stopped container)', Object.assign(new Error('getaddrinfo ENOTFOUND postgres'), { code: 'ENOTFOUND' })],
    ['57P01 admin_shutdown', wrapped(pgError('57P01', 'terminating connection due to administrator command'))],
    ['57P02 crash_shutdown', pgError('57P02', 'terminating connection because of crash of another server process')],
    ['57P03 cannot_connect_now', pgError('57P03', 'the database system is starting up')],
    ['08006 connection_failure', wrapped(pgError('08006', 'connection failure'))],
    ['08P01 protocol_violation', pgError('08P01', 'protocol violation')],
    ['53300 too_many_connections', pgError('53300', 'sorry, too many clients already')],
    ['Connection terminated unexpectedly', wrapped(new Error('Connection terminated unexpectedly'))],
    ['Connection terminated (by the pool)', new Error('Connection terminated')],
    ['pg-pool timeout', new Error('timeout exceeded when trying to connect')],
    ['the rest of a transaction whose connection failed (TypeORM)', new QueryRunnerAlreadyReleasedError()],
    ['… or its manager (TypeORM)', new QueryRunnerProviderAlreadyReleasedError()],
    ['an unusable client', new Error('Client has encountered a connection error and is not queryable')],
    ['an AggregateError of refusals (localhost: ::1 and 127.0.0.1)', Object.assign(new AggregateError([Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' })]), {})],
    ['a cause', new Error('failed', { cause: Object.assign(new Error('x'), { code: 'ECONNREFUSED' }) })],
  ])('recognises %s', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(toErrorBody(err)).toEqual({
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: expect.stringMatching(/database/),
    });
  });

  it.each<[string, unknown]>([
    ['a unique violation', wrapped(pgError('23505', 'duplicate key value violates unique constraint'))],
    ['a syntax error', wrapped(pgError('42601', 'syntax error at or near "SELEC"'))],
    ['a serialization failure', wrapped(pgError('40001', 'could not serialize access'))],
    ['a statement timeout', wrapped(pgError('57014', 'canceling statement due to statement timeout'))],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['our own error', new AppError('NOT_FOUND', 'Game was not found.')],
    ['an HTTP exception', new BadRequestException('bad')],
    ["body-parser's aborted request (code ECONNABORTED, status 400)", Object.assign(new Error('request aborted'), { code: 'ECONNABORTED', status: 400, expose: true })],
    ['nothing', undefined],
    ['a string', 'ECONNREFUSED'],
  ])('does not take %s for an outage', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });

  it('keeps a 503 the app throws itself a 503 (its status and code agree)', () => {
    expect(toErrorBody(new ServiceUnavailableException('Down for maintenance.'))).toEqual({
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: 'Down for maintenance.',
    });
  });
});
