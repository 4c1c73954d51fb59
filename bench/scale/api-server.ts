/**
 * The API alone in a child process (its RSS is read from /proc by the driver), configured from the
 * environment like `npm start`, plus one route that exists only here: `GET /api/bench/ok`, behind
 * the same `authenticate` hook as every authenticated route and doing nothing else — the baseline
 * of the session throughput. Reports its port over IPC; `{ type: 'close' }` stops it.
 */
import '@ecodigital/api/env-defaults';
import type { AddressInfo } from 'node:net';
import { buildApp } from '@ecodigital/api/app';
import { loadConfig } from '@ecodigital/api/config';
import { runMigrations } from '@ecodigital/api/db/migrator';
import { BARE_ROUTE } from './bare-route';

const app = await buildApp(loadConfig(), { logger: false });
await app.register(async (scope) => {
  scope.addHook('onRequest', scope.authenticate);
  scope.get(BARE_ROUTE, async () => ({ ok: true }));
});
await app.ready();
await runMigrations(app.db);
await app.listen({ port: 0, host: '127.0.0.1' });

process.on('message', (message: { type: string }) => {
  if (message.type === 'close') void app.close().then(() => process.exit(0));
});
process.send!({ type: 'ready', port: (app.server.address() as AddressInfo).port });
