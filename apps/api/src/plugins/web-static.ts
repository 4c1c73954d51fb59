import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { MENSAJES } from '../shared/errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app at `/` with a single-page fallback: a GET outside `/api` that accepts
 * HTML gets `index.html`. Without a build, `/` says how to make one.
 */
export default fp<{ webDistDir: string }>(
  async (app, { webDistDir }) => {
    const hasBuild = existsSync(path.join(webDistDir, 'index.html'));

    if (hasBuild) {
      await app.register(fastifyStatic, {
        root: webDistDir,
        // `.br` and `.gz` siblings made at build time are sent to browsers that accept them.
        preCompressed: true,
        cacheControl: false,
        setHeaders(reply, filePath) {
          const relative = path.relative(webDistDir, filePath).split(path.sep).join('/');
          reply.header('cache-control', relative.startsWith('assets/') ? IMMUTABLE : 'no-cache');
        },
      });
    } else {
      app.get('/', { schema: { hide: true } }, async (_request, reply) =>
        reply
          .type('text/plain; charset=utf-8')
          .send('La aplicación web no está compilada. Ejecute «npm run build» y vuelva a cargar la página.\n'),
      );
    }

    app.setNotFoundHandler(async (request, reply) => {
      // The static wildcard also catches unknown /api paths, which must stay JSON 404s.
      const isApi = request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?');
      const wantsPage =
        hasBuild &&
        !isApi &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        request.headers.accept?.includes('text/html');
      if (wantsPage) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return reply.code(404).send({ success: false, msg: MENSAJES.noEncontrado, code: 'NOT_FOUND' });
    });
  },
  { name: 'web-static' },
);
