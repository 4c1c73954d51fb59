import type { Provider, ProviderContext } from 'oidc-provider';

export const SESSION_COOKIE_OPTIONS = { httpOnly: true, sameSite: 'lax' } as const;

async function revokeGrant(provider: Provider, grantId: string): Promise<void> {
  await Promise.all([
    provider.AccessToken.revokeByGrantId(grantId),
    provider.AuthorizationCode.revokeByGrantId(grantId),
    provider.RefreshToken.revokeByGrantId(grantId),
  ]);
  const grant = await provider.Grant.find(grantId);
  await grant?.destroy();
}

/**
 * `rpInitiatedLogout.logoutSource`: oidc-provider would render a confirmation page here. Keycloak
 * logs out straight away when the request names a registered post-logout redirect URI, so this
 * ends the session and redirects, as oidc-provider's own confirm step does. The request has
 * already passed oidc-provider's checks (id_token_hint signature, client, registered URI).
 */
export async function endSessionWithoutConfirmation(ctx: ProviderContext): Promise<void> {
  const { session, provider } = ctx.oidc;
  const state = (session.state ?? {}) as { postLogoutRedirectUri?: string; state?: string };

  for (const { grantId } of Object.values(session.authorizations ?? {})) {
    if (grantId) await revokeGrant(provider, grantId);
  }
  await session.destroy();
  ctx.oidc.cookies.set(provider.cookieName('session'), null, SESSION_COOKIE_OPTIONS);

  let target: string;
  if (state.postLogoutRedirectUri) {
    const url = new URL(state.postLogoutRedirectUri);
    if (state.state !== undefined) url.searchParams.set('state', state.state);
    target = url.href;
  } else {
    target = `${provider.issuer}/protocol/openid-connect/logout/success`;
  }

  ctx.type = 'text/plain';
  ctx.body = '';
  ctx.status = 303;
  ctx.redirect(target);
}
