import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Time limits that a slow or hostile client cannot stretch.
 *
 * - Every request has a total limit (Fastify's `handlerTimeout`, set on the server: `REQUEST_TIMEOUT_MS`).
 * - Routes that move a large body (`config.transferencia`: `'subida'` receives one, `'descarga'`
 *   sends one) may take as long as the bytes keep moving: they get a long total limit
 *   (`LIMITE_TRANSFERENCIA_MS`) and a watchdog that ends the connection when less than
 *   `MIN_BYTES_POR_VENTANA` moved in a window of `TRANSFER_IDLE_TIMEOUT_MS`. An upload sending
 *   one byte every 10 s is ended within one window; its temp file goes with the aborted stream.
 * - A request answered before its body arrived (no token, no permission, a refused upload) has one
 *   window of `TRANSFER_IDLE_TIMEOUT_MS` to finish sending it; nothing reads the rest, so otherwise
 *   a sender could hold the connection for ever. The connection is not closed at once: a client
 *   still sending would then lose the answer to a reset.
 */
type Transferencia = 'subida' | 'descarga';

declare module 'fastify' {
  interface FastifyContextConfig {
    transferencia?: Transferencia;
  }
}

/** 16 KiB a minute is 2 kbit/s: no real connection is that slow, a trickle attack is slower. */
const MIN_BYTES_POR_VENTANA = 16 * 1024;
/** Total limit of a transfer route; the watchdog is what stops a stalled one. */
export const LIMITE_TRANSFERENCIA_MS = 6 * 3_600_000;

interface TimeLimitsOptions {
  idleWindowMs: number;
}

export default fp<TimeLimitsOptions>(
  async (app, { idleWindowMs }) => {
    app.addHook('onRequest', async (request, reply) => {
      const direction = request.routeOptions.config.transferencia;
      if (direction) watchTransfer(request, reply, direction, idleWindowMs);
    });
    app.addHook('onResponse', async (request) => {
      if (request.raw.complete === false) closeUnlessBodyEnds(request, idleWindowMs);
    });
  },
  { name: 'time-limits' },
);

function closeUnlessBodyEnds(request: FastifyRequest, windowMs: number): void {
  const socket = request.raw.socket;
  if (typeof socket?.destroy !== 'function' || socket.destroyed) return;
  const timer = setTimeout(() => {
    request.log.warn({ windowMs }, 'cuerpo sin terminar tras la respuesta: se cierra la conexión');
    socket.destroy();
  }, windowMs);
  timer.unref();
  const stop = () => clearTimeout(timer);
  request.raw.once('end', stop);
  socket.once('close', stop);
}

function watchTransfer(request: FastifyRequest, reply: FastifyReply, direction: Transferencia, windowMs: number): void {
  const socket = request.raw.socket;
  // `inject` has no real socket, and nothing to wait for.
  if (typeof socket?.bytesRead !== 'number') return;
  const moved = () => (direction === 'subida' ? socket.bytesRead : socket.bytesWritten);
  let before = moved();
  const timer = setInterval(() => {
    const now = moved();
    if (now - before >= MIN_BYTES_POR_VENTANA) {
      before = now;
      return;
    }
    stop();
    request.log.warn({ direction, bytes: now - before, windowMs }, 'transferencia inactiva: se cierra la conexión');
    // The aborted request stream fails the upload's pipeline, which removes its temp file.
    request.raw.destroy();
    socket.destroy();
  }, windowMs);
  timer.unref();
  const stop = () => clearInterval(timer);
  // An upload is done moving once its body has arrived, even if storing it takes a while.
  if (direction === 'subida') request.raw.once('end', stop);
  reply.raw.once('close', stop);
}
