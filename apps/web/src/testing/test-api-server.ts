import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path without the query string, e.g. `/api/expedientes/7`. */
  path: string;
  query: URLSearchParams;
  body: unknown;
  authorization: string | undefined;
}

export interface Answer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Handler = (request: RecordedRequest) => Answer | undefined;

export interface TestApiServer {
  /** `http://127.0.0.1:<port>/api`, to use as the API client's base URL. */
  baseURL: string;
  requests: RecordedRequest[];
  /** Routes by `METHOD /path`; a handler answering `undefined` gives a 404 envelope. */
  routes: Map<string, Handler>;
  close(): Promise<void>;
}

// The component tests run in jsdom, whose XMLHttpRequest enforces CORS like a browser.
const corsHeaders = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, PATCH, OPTIONS',
  'Access-Control-Allow-Headers': 'Accept, Authorization, Content-Type',
  'Access-Control-Expose-Headers': 'Content-Disposition',
};

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

/** A real HTTP server answering like the API, so views run the whole client pipeline. */
export async function startTestApiServer(): Promise<TestApiServer> {
  const requests: RecordedRequest[] = [];
  const routes = new Map<string, Handler>();
  const server: Server = createServer(async (request, response) => {
    if (request.method === 'OPTIONS') {
      response.writeHead(204, corsHeaders);
      response.end();
      return;
    }
    const url = new URL(request.url ?? '/', 'http://localhost');
    const recorded: RecordedRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: await readBody(request),
      authorization: request.headers.authorization,
    };
    requests.push(recorded);
    const answer = routes.get(`${recorded.method} ${recorded.path}`)?.(recorded) ?? {
      status: 404,
      body: { success: false, msg: 'No encontrado' },
    };
    const isText = typeof answer.body === 'string';
    response.writeHead(answer.status ?? 200, {
      ...corsHeaders,
      'Content-Type': isText ? 'text/plain; charset=utf-8' : 'application/json',
      ...answer.headers,
    });
    response.end(isText ? answer.body : JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/api`,
    requests,
    routes,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
