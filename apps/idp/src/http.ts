import type { IncomingMessage, ServerResponse } from 'node:http';

const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

// No `form-action`: browsers apply it to every redirect that follows a form post, and the login
// form's chain ends at the web app's origin (Keycloak sets none either).
const CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    ...NO_STORE,
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(html);
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { ...NO_STORE, ...headers, 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

const FORM_LIMIT_BYTES = 16 * 1024;

export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > FORM_LIMIT_BYTES) throw new Error('form too large');
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export function acceptsJson(req: IncomingMessage): boolean {
  const accept = req.headers.accept ?? '';
  return accept.includes('application/json') && !accept.includes('text/html');
}

export function bearerToken(req: IncomingMessage): string | undefined {
  const match = /^bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  return match?.[1];
}

/**
 * CORS for the endpoints this app serves itself: only the configured web origins, with
 * credentials (keycloak-js may send them). Returns true when it answered a preflight.
 */
export function handleCors(
  req: IncomingMessage,
  res: ServerResponse,
  webOrigins: readonly string[],
  methods: string,
): boolean {
  res.setHeader('Vary', 'Origin');
  const origin = req.headers.origin;
  const allowed = origin !== undefined && webOrigins.includes(origin);
  if (allowed) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
  }
  if (req.method !== 'OPTIONS') return false;

  if (allowed) {
    res.setHeader('Access-Control-Allow-Methods', methods);
    const requested = req.headers['access-control-request-headers'];
    if (requested) res.setHeader('Access-Control-Allow-Headers', requested);
    res.setHeader('Access-Control-Max-Age', '3600');
  }
  res.writeHead(204);
  res.end();
  return true;
}
