import net from 'node:net';

/**
 * A TCP proxy in front of the test PostgreSQL, to take "the database" away from one app without
 * stopping the server every test file shares: `cut()` drops every connection and refuses new
 * ones (ECONNREFUSED, "Connection terminated unexpectedly"), `stall()` stops forwarding (queries
 * in flight hang until the cut), `restore()` serves again on the same port.
 */
export interface TcpProxy {
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  urlThrough(url: string): string;
  stall(): void;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let stalled = false;
  const onConnection = (client: net.Socket) => {
    const upstream = net.connect(targetPort, targetHost);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.on('close', () => {
      upstream.destroy();
    });
    upstream.on('close', () => client.destroy());
    client.on('data', (chunk) => {
      if (!stalled) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!stalled) client.write(chunk);
    });
  };
  let server = net.createServer(onConnection);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      });
    });
  const port = await listen(0);
  const stopListening = () => new Promise<void>((resolve) => server.close(() => resolve()));
  let listening = true;
  return {
    port,
    urlThrough(url: string) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    stall() {
      stalled = true;
    },
    async cut() {
      stalled = false;
      if (listening) {
        listening = false;
        const closed = stopListening();
        for (const s of sockets) s.destroy();
        await closed;
      }
    },
    async restore() {
      stalled = false;
      if (!listening) {
        server = net.createServer(onConnection);
        await listen(port);
        listening = true;
      }
    },
    async close() {
      for (const s of sockets) s.destroy();
      if (listening) await stopListening();
      listening = false;
    },
  };
}
