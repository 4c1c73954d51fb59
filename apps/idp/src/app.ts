import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { readForm, sendHtml } from './http';
import { handleLoginAction } from './interactions';
import { loadOrCreateKeys } from './keys';
import { errorPage } from './pages';
import { handleAccount, handleUserinfo, type ProfileSettings } from './profile';
import { createProvider } from './provider';
import { ACCOUNT_PATH, CLIENT_ID, LOGIN_ACTIONS_PATH, PROVIDER_ROUTES, REALM_PATH, USERINFO_PATH } from './realm';
import { PersistentStore } from './store';
import { DEMO_USERS, UserDirectory, type IdpUser } from './users';

export interface IdpOptions {
  /** 0 = any free port. Default 8080. */
  port?: number;
  /** Default `localhost`. */
  host?: string;
  /** Base URL browsers use; default `http://localhost:<bound port>`. The issuer is `<publicUrl>/realms/ecodigital`. */
  publicUrl?: string;
  /** Exact redirect URIs of `ecodigital-web`; default `http://localhost:3000/`. */
  redirectUris?: string[];
  /** Default: the redirect URIs. */
  postLogoutRedirectUris?: string[];
  /** Origins allowed by CORS; default: the origins of the redirect URIs. */
  webOrigins?: string[];
  /** Access and ID token lifetime in seconds; default 300, as Keycloak. */
  accessTokenTtl?: number;
  /** Keys, secrets and sessions; default `./data/idp` (from the working directory). */
  dataDir?: string;
  users?: readonly IdpUser[];
}

export interface RunningIdp {
  url: string;
  issuer: string;
  close(): Promise<void>;
}

export const DEFAULT_REDIRECT_URIS = ['http://localhost:3000/'];
export const DEFAULT_ACCESS_TOKEN_TTL = 300;
export const DEFAULT_DATA_DIR = 'data/idp';

const LOGOUT_PATH = `${REALM_PATH}${PROVIDER_ROUTES.end_session}`;

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolveListen(server.address() as AddressInfo);
    });
  });
}

function originOf(uri: string): string {
  return new URL(uri).origin;
}

/** Starts the development OpenID Connect provider with Keycloak's URL layout. */
export async function startIdp(options: IdpOptions = {}): Promise<RunningIdp> {
  const redirectUris = options.redirectUris ?? DEFAULT_REDIRECT_URIS;
  const postLogoutRedirectUris = options.postLogoutRedirectUris ?? redirectUris;
  const webOrigins = options.webOrigins ?? [...new Set(redirectUris.map(originOf))];
  const accessTokenTtl = options.accessTokenTtl ?? DEFAULT_ACCESS_TOKEN_TTL;
  const dataDir = resolve(options.dataDir ?? DEFAULT_DATA_DIR);
  const users = new UserDirectory(options.users ?? DEMO_USERS);

  const server = createServer();
  // Bind first: with port 0 the issuer can only be known once the port is.
  const address = await listen(server, options.port ?? 8080, options.host ?? 'localhost');
  const publicUrl = (options.publicUrl ?? `http://localhost:${address.port}`).replace(/\/+$/, '');
  const issuer = `${publicUrl}${REALM_PATH}`;

  const keys = loadOrCreateKeys(dataDir);
  const store = new PersistentStore(join(dataDir, 'sessions.json'));
  const provider = createProvider({
    issuer,
    publicUrl,
    clientId: CLIENT_ID,
    redirectUris,
    postLogoutRedirectUris,
    webOrigins,
    accessTokenTtl,
    keys,
    users,
    store,
  });
  const profile: ProfileSettings = { provider, issuer, clientId: CLIENT_ID, redirectUris, webOrigins, keys, users };
  const providerCallback = provider.callback();

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path === USERINFO_PATH) return handleUserinfo(req, res, profile);
    if (path === ACCOUNT_PATH) return handleAccount(req, res, profile);
    if (path.startsWith(`${LOGIN_ACTIONS_PATH}/`)) return handleLoginAction(req, res, { provider, users });
    if (path === LOGOUT_PATH && req.method === 'POST') {
      // keycloak-js logs out with a POST form, which oidc-provider accepts only with SameSite=None
      // cookies (needing HTTPS); the form is handed to it as the equivalent GET request.
      const form = await readForm(req);
      Object.assign(req, { method: 'GET', url: `${LOGOUT_PATH}?${form.toString()}` });
    }
    if (path === REALM_PATH || path.startsWith(`${REALM_PATH}/`)) {
      // Mounted like Express does: oidc-provider derives its mount path from originalUrl vs url.
      const rest = (req.url ?? '').slice(REALM_PATH.length);
      Object.assign(req, { originalUrl: req.url, url: rest.startsWith('/') ? rest : `/${rest}` });
      return providerCallback(req, res);
    }
    sendHtml(
      res,
      404,
      errorPage('Página no encontrada', 'La dirección solicitada no existe en el proveedor de identidad.'),
    );
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    route(req, res).catch((error: unknown) => {
      console.error('idp: request failed', error);
      if (!res.headersSent) {
        sendHtml(
          res,
          500,
          errorPage('Error del proveedor de identidad', 'Se produjo un error inesperado. Inténtelo de nuevo.'),
        );
      } else {
        res.destroy();
      }
    });
  });

  return {
    url: publicUrl,
    issuer,
    close: () =>
      new Promise<void>((resolveClose, reject) => {
        server.close((error) => {
          store.close();
          if (error) reject(error);
          else resolveClose();
        });
        server.closeAllConnections();
      }),
  };
}
