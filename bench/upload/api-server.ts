/**
 * The API alone in this process, so its memory is measured apart from the benchmark driver.
 * Configuration comes from the environment (like `npm start`); reports its port over IPC and
 * samples its own RSS every 20 ms; `{ type: 'reset' }` starts a new window, `{ type: 'report' }`
 * answers `{ baseline, peak }` in bytes and `cpuMs`, the CPU time (user + system) the API spent in it.
 */
import '@ecodigital/api/env-defaults';
import type { AddressInfo } from 'node:net';
import { buildApp } from '@ecodigital/api/app';
import { loadConfig } from '@ecodigital/api/config';
import { runMigrations } from '@ecodigital/api/db/migrator';

const app = await buildApp(loadConfig(), { logger: false });
await app.ready();
await runMigrations(app.db);
await app.listen({ port: 0, host: '127.0.0.1' });

let baseline = process.memoryUsage.rss();
let peak = baseline;
let cpuAtReset = process.cpuUsage();
setInterval(() => {
  peak = Math.max(peak, process.memoryUsage.rss());
}, 20).unref();

process.on('message', (message: { type: string }) => {
  if (message.type === 'reset') {
    baseline = process.memoryUsage.rss();
    peak = baseline;
    cpuAtReset = process.cpuUsage();
    process.send!({ type: 'reset' });
  } else if (message.type === 'report') {
    peak = Math.max(peak, process.memoryUsage.rss());
    const cpu = process.cpuUsage(cpuAtReset);
    process.send!({ type: 'report', baseline, peak, cpuMs: (cpu.user + cpu.system) / 1000 });
  } else if (message.type === 'close') {
    void app.close().then(() => process.exit(0));
  }
});
process.send!({ type: 'ready', port: (app.server.address() as AddressInfo).port });
