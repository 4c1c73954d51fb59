import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

interface SecurityHeadersOptions {
  /** Origin of the identity provider as the browser sees it: the web app fetches its discovery and tokens. */
  identityProviderOrigin: string;
}

/**
 * Security headers on every response (`@fastify/helmet`), with a Content-Security-Policy for the
 * web app: scripts only from this origin (no inline script anywhere); styles also inline, because
 * Ant Design writes its CSS into `<style>` elements at run time; the identity provider is the one
 * other origin the app talks to; previews are shown from `blob:` URLs in a frame or an image; no
 * page may frame this one.
 *
 * Routes that must differ set their own header (a document preview sends a stricter CSP).
 * API answers hold personal data: unless a route says otherwise they are `Cache-Control: no-store`.
 * HSTS belongs to the HTTPS proxy in front (see `deploy/nginx`), not to this HTTP server.
 */
/** The web app's hashed scripts and style sheets (`/assets/…`), query string aside. */
const ES_RECURSO_ESTATICO = /^\/assets\/[^?#]+\.(?:js|css)(?:[?#]|$)/;

const CABECERAS_DE_DOCUMENTO = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

export default fp<SecurityHeadersOptions>(
  async (app, { identityProviderOrigin }) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", identityProviderOrigin],
          frameSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'", identityProviderOrigin],
          frameAncestors: ["'none'"],
        },
      },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
      strictTransportSecurity: false,
      // The web app opens the identity provider's account page in a new tab; nothing is embedded.
      crossOriginEmbedderPolicy: false,
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
        reply.header('cache-control', 'no-store');
      // A script or a style sheet is never a document: the headers that govern documents (what it
      // may load, who may frame it, where its links send the referrer) do nothing on it, and sent
      // with each of the first load's thirty files they cost a tenth of its budget. What guards a
      // script as a resource stays: nosniff and Cross-Origin-Resource-Policy.
      if (ES_RECURSO_ESTATICO.test(request.url))
        for (const nombre of CABECERAS_DE_DOCUMENTO) reply.removeHeader(nombre);
      return payload;
    });
  },
  { name: 'security-headers' },
);
