/**
 * The bots' HTTP client in bench:moves (bench/moves/driver.ts): a bare HTTP/1.1 client over
 * keep-alive sockets to one app copy, for the one request the bots send, a JSON POST. A request
 * is one prebuilt string and one socket write; an answer is read by its Content-Length alone
 * (the app's JSON answers always carry one; any other answer is an error, never a guess).
 *
 * Why not Node's `http` or undici: the load driver shares the machine's two cores with the app
 * and PostgreSQL, and a general client's parsing, streams and events cost the driver about twice
 * this client's CPU a move (BENCHMARKS.md, "A cheaper load driver"); pgbench, the comparison,
 * drives PostgreSQL from C.
 */
import net from 'node:net';
import type { HttpAnswer } from '../common.js';

/** POSTs `body` (JSON) to `path` with the Authorization header's value `authorization`. */
export type Post = (path: string, authorization: string, body: string) => Promise<HttpAnswer>;

interface Connection {
  socket: net.Socket;
  /** An answer's bytes so far, while it is incomplete. */
  buffer: Buffer | null;
  pending: { resolve: (answer: HttpAnswer) => void; reject: (err: Error) => void } | null;
  closed: boolean;
}

/**
 * A client of the app copy at `base` (http://127.0.0.1 only) with at most `connections` sockets,
 * one request in flight on each (a closed loop: a request waits for a free socket). A socket
 * that closes or fails rejects its request (the caller may retry it) and is not used again.
 */
export function bareClient(base: string, connections: number): { post: Post; close: () => void } {
  const url = new URL(base);
  if (url.protocol !== 'http:' || url.hostname !== '127.0.0.1') throw new Error(`refusing to send load anywhere but http://127.0.0.1: ${url.href}`);
  const port = Number(url.port || 80);
  const fixedHeaders = `Host: ${url.host}\r\nAccept: application/json\r\nContent-Type: application/json\r\n`;
  const idle: Connection[] = [];
  const waiting: ((c: Connection) => void)[] = [];
  const open = new Set<Connection>();

  const fail = (c: Connection, err: Error) => {
    c.closed = true;
    open.delete(c);
    const pending = c.pending;
    c.pending = null;
    pending?.reject(err);
    if (!c.socket.destroyed) c.socket.destroy();
    // A request waiting for a socket gets a new one in this one's place.
    const next = waiting.shift();
    if (next) next(connect());
  };
  const release = (c: Connection) => {
    const next = waiting.shift();
    if (next) next(c);
    else idle.push(c);
  };
  const onData = (c: Connection, chunk: Buffer) => {
    const buf = c.buffer ? Buffer.concat([c.buffer, chunk]) : chunk;
    const pending = c.pending;
    if (!pending) return fail(c, new Error('an answer to no request'));
    const headEnd = buf.indexOf('\r\n\r\n');
    if (headEnd < 0) {
      c.buffer = buf;
      return;
    }
    const head = buf.toString('latin1', 0, headEnd);
    const length = /\r\ncontent-length: *(\d+)\r?$/im.exec(head);
    if (!head.startsWith('HTTP/1.1 ') || !length) return fail(c, new Error(`an answer without Content-Length: ${JSON.stringify(head.slice(0, 300))}`));
    const end = headEnd + 4 + Number(length[1]);
    if (buf.length < end) {
      c.buffer = buf;
      return;
    }
    if (buf.length > end) return fail(c, new Error('bytes after the answer to the one request in flight'));
    c.buffer = null;
    c.pending = null;
    const answer = { status: Number(head.slice(9, 12)), body: buf.toString('utf8', headEnd + 4, end) };
    if (/\r\nconnection: *close\r?$/im.test(head)) fail(c, new Error('the server closed the connection'));
    else release(c);
    pending.resolve(answer);
  };
  const connect = (): Connection => {
    const socket = net.connect(port, url.hostname);
    socket.setNoDelay(true);
    const c: Connection = { socket, buffer: null, pending: null, closed: false };
    open.add(c);
    socket.on('data', (chunk: Buffer) => onData(c, chunk));
    socket.on('error', (err) => fail(c, err));
    socket.on('close', () => fail(c, new Error('socket closed')));
    return c;
  };

  const post: Post = (path, authorization, body) =>
    new Promise((resolve, reject) => {
      const request = `POST ${path} HTTP/1.1\r\n${fixedHeaders}Authorization: ${authorization}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
      const send = (c: Connection) => {
        if (c.closed) return send(connect());
        c.pending = { resolve, reject };
        c.socket.write(request);
      };
      const c = idle.pop();
      if (c) send(c);
      else if (open.size < connections) send(connect());
      else waiting.push(send);
    });
  const close = () => {
    for (const c of [...open]) fail(c, new Error('client closed'));
    idle.length = 0;
  };
  return { post, close };
}
