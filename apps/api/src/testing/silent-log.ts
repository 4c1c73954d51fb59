import type { FastifyBaseLogger } from 'fastify';

/** A logger that writes nothing, for code under test that logs (workers, runners). */
export const silentLog: FastifyBaseLogger = {
  level: 'silent',
  child: () => silentLog,
  fatal() {},
  error() {},
  warn() {},
  info() {},
  debug() {},
  trace() {},
  silent() {},
} as unknown as FastifyBaseLogger;
