import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Provider } from 'oidc-provider';
import { acceptsJson, bearerToken, handleCors, sendHtml, sendJson } from './http';
import { verifyRs256 } from './jwt';
import type { IdpKeys } from './keys';
import { accountPage, accountSignedOutPage } from './pages';
import { profileClaims, type IdpUser, type UserDirectory } from './users';

export interface ProfileSettings {
  provider: Provider;
  issuer: string;
  clientId: string;
  redirectUris: readonly string[];
  webOrigins: readonly string[];
  keys: IdpKeys;
  users: UserDirectory;
}

/** The user an access token issued by this IdP stands for, or undefined when the token is not valid. */
function userForAccessToken(token: string, settings: ProfileSettings): IdpUser | undefined {
  try {
    const { payload } = verifyRs256(token, settings.keys.publicKeys);
    if (payload.iss !== settings.issuer || payload.typ !== 'Bearer' || payload.azp !== settings.clientId)
      return undefined;
    return typeof payload.sub === 'string' ? settings.users.findById(payload.sub) : undefined;
  } catch {
    return undefined;
  }
}

function rejectToken(res: ServerResponse, description: string): void {
  sendJson(
    res,
    401,
    { error: 'invalid_token', error_description: description },
    {
      'WWW-Authenticate': `Bearer error="invalid_token", error_description="${description}"`,
    },
  );
}

/**
 * `GET|POST /protocol/openid-connect/userinfo`, served here because oidc-provider's refuses the
 * JWT access tokens (they carry an audience).
 */
export async function handleUserinfo(
  req: IncomingMessage,
  res: ServerResponse,
  settings: ProfileSettings,
): Promise<void> {
  if (handleCors(req, res, settings.webOrigins, 'GET, POST')) return;
  if (req.method !== 'GET' && req.method !== 'POST')
    return sendJson(res, 405, { error: 'invalid_request' }, { Allow: 'GET, POST' });

  const token = bearerToken(req);
  if (!token) return rejectToken(res, 'no access token provided');
  const user = userForAccessToken(token, settings);
  if (!user) return rejectToken(res, 'invalid access token');

  const { realm_access: _roles, ...claims } = profileClaims(user);
  sendJson(res, 200, { sub: user.id, ...claims });
}

/** Keycloak's account endpoint: JSON profile for `loadUserProfile()`, a page for people. */
export async function handleAccount(
  req: IncomingMessage,
  res: ServerResponse,
  settings: ProfileSettings,
): Promise<void> {
  if (handleCors(req, res, settings.webOrigins, 'GET')) return;
  if (req.method !== 'GET') return sendJson(res, 405, { error: 'invalid_request' }, { Allow: 'GET' });

  const token = bearerToken(req);
  if (token || acceptsJson(req)) {
    const user = token ? userForAccessToken(token, settings) : undefined;
    if (!user) return rejectToken(res, token ? 'invalid access token' : 'no access token provided');
    return sendJson(res, 200, {
      id: user.id,
      username: user.username,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      emailVerified: user.emailVerified,
    });
  }

  // keycloak-js's createAccountUrl() passes referrer_uri; link back only to a registered URI.
  const referrer = new URL(req.url ?? '/', 'http://localhost').searchParams.get('referrer_uri') ?? undefined;
  const backLink = referrer && settings.redirectUris.includes(referrer) ? referrer : settings.redirectUris[0];

  const session = await settings.provider.Session.get({ req, res, secure: false });
  const user = session.accountId ? settings.users.findById(session.accountId) : undefined;
  sendHtml(res, 200, user ? accountPage(user, backLink) : accountSignedOutPage(backLink));
}
