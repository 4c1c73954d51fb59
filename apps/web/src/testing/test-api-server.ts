import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { contractViolation, describeRoute, findContractRoute } from './api-contract';

export interface RecordedRequest {
  method: string;
  /** Path without the query string, e.g. `/api/expedientes/7`. */
  path: string;
  query: URLSearchParams;
  body: unknown;
  /** The body's bytes as received (multipart uploads are kept raw). */
  rawBody: Buffer;
  contentType: string | undefined;
  authorization: string | undefined;
}

interface Answer {
  status?: number;
  /** JSON, a string (sent as text) or a Buffer (sent as is). */
  body?: unknown;
  headers?: Record<string, string>;
  /** Answer this much later, e.g. to let the client cancel a request in flight. */
  delayMs?: number;
  /** Close the connection without answering, as when the network is gone. */
  drop?: boolean;
}

type Handler = (request: RecordedRequest) => Answer | undefined;

export interface TestApiServer {
  /** `http://127.0.0.1:<port>/api`, to use as the API client's base URL. */
  baseURL: string;
  requests: RecordedRequest[];
  /**
   * Routes by `METHOD /path`; a handler answering `undefined` gives a 404 envelope. Setting a route
   * the real API does not have throws (unless the server was started with `checkContract: false`).
   */
  routes: Map<string, Handler>;
  /**
   * Every request for a route the API does not have, and every JSON answer the API could never give
   * (its route, status and the schema's complaints); `setUpTestApiServer` fails the test with them.
   */
  contractViolations: string[];
  close(): Promise<void>;
}

/** The routes, refusing at once a `METHOD /path` that names no route of the API's contract. */
class ContractRoutes extends Map<string, Handler> {
  override set(key: string, handler: Handler): this {
    const [method = '', path = ''] = key.split(' ');
    if (!findContractRoute(method, path)) {
      throw new Error(
        `La API no tiene la ruta «${key}» (packages/contracts/openapi.json): el falso no puede responderla.`,
      );
    }
    return super.set(key, handler);
  }
}

// The component tests run in jsdom, whose XMLHttpRequest enforces CORS like a browser.
const corsHeaders = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, PATCH, PUT, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Accept, Authorization, Content-Type',
  'Access-Control-Expose-Headers': 'Content-Disposition',
};

async function readRawBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function parseBody(raw: Buffer, contentType: string | undefined): unknown {
  if (contentType && !contentType.includes('json')) return undefined;
  const text = raw.toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

/**
 * A real HTTP server answering like the API, so views run the whole client pipeline. It answers
 * only what the API's contract allows (decision 0392): `checkContract: false` is for the tests of
 * the HTTP client itself, which speak to routes that exist only there.
 */
export async function startTestApiServer({ checkContract = true } = {}): Promise<TestApiServer> {
  const requests: RecordedRequest[] = [];
  const routes = checkContract ? new ContractRoutes() : new Map<string, Handler>();
  const contractViolations: string[] = [];
  /** Records why the real API could not have answered this, if so. */
  const checkAnswer = (recorded: RecordedRequest, answer: Answer): void => {
    if (!checkContract || answer.drop) return;
    const request = `${recorded.method} ${recorded.path}`;
    const route = findContractRoute(recorded.method, recorded.path);
    if (!route) {
      contractViolations.push(`${request}: la API no tiene esta ruta (packages/contracts/openapi.json)`);
      return;
    }
    if (typeof answer.body === 'string' || Buffer.isBuffer(answer.body)) return;
    const status = answer.status ?? 200;
    const violation = contractViolation(route, status, answer.body);
    if (violation) {
      contractViolations.push(`${request} (${describeRoute(route)}) ${status}: ${violation}`);
    }
  };
  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (request.method === 'OPTIONS') {
      response.writeHead(204, corsHeaders);
      response.end();
      return;
    }
    const url = new URL(request.url ?? '/', 'http://localhost');
    const rawBody = await readRawBody(request);
    const contentType = request.headers['content-type'];
    const recorded: RecordedRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: parseBody(rawBody, contentType),
      rawBody,
      contentType,
      authorization: request.headers.authorization,
    };
    requests.push(recorded);
    const answer = routes.get(`${recorded.method} ${recorded.path}`)?.(recorded) ?? {
      status: 404,
      body: { success: false, msg: 'No encontrado' },
    };
    checkAnswer(recorded, answer);
    if (answer.drop) return void request.socket.destroy();
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    if (response.destroyed) return;
    const isText = typeof answer.body === 'string';
    const isBytes = Buffer.isBuffer(answer.body);
    response.writeHead(answer.status ?? 200, {
      ...corsHeaders,
      'Content-Type': isBytes ? 'application/octet-stream' : isText ? 'text/plain; charset=utf-8' : 'application/json',
      ...answer.headers,
    });
    response.end(isText || isBytes ? (answer.body as string | Buffer) : JSON.stringify(answer.body));
  };
  const server: Server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/api`,
    requests,
    routes,
    contractViolations,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
