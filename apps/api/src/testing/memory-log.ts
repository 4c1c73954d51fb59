import type { FastifyBaseLogger } from 'fastify';

/** One line a logger received: its level, its message and the bindings of its child loggers. */
export interface LogLine {
  level: string;
  msg: string;
  bindings: Record<string, unknown>;
}

/** A logger that keeps what it is told, for tests that check what the log says (and does not say). */
export function memoryLog(): { log: FastifyBaseLogger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const make = (bindings: Record<string, unknown>): FastifyBaseLogger => {
    const write =
      (level: string) =>
      (first: unknown, second?: unknown): void => {
        const msg = typeof first === 'string' ? first : typeof second === 'string' ? second : '';
        lines.push({ level, msg, bindings });
      };
    return {
      level: 'trace',
      child: (more: Record<string, unknown>) => make({ ...bindings, ...more }),
      fatal: write('fatal'),
      error: write('error'),
      warn: write('warn'),
      info: write('info'),
      debug: write('debug'),
      trace: write('trace'),
      silent() {},
    } as unknown as FastifyBaseLogger;
  };
  return { log: make({}), lines };
}
