import type { Provider, ProviderContext } from 'oidc-provider';
import { logoutConfirmPage } from './pages';

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
 * `rpInitiatedLogout.logoutSource`. As Keycloak does: a request that carries an `id_token_hint`
 * (oidc-provider has checked its signature, the client and the registered URI) comes from the
 * application and ends the session straight away; one without it could come from any page, so the
 * person is asked first.
 */
export async function logoutSource(ctx: ProviderContext, form: string): Promise<void> {
  if (ctx.oidc.params?.id_token_hint) {
    await endSessionWithoutConfirmation(ctx);
    return;
  }
  const state = (ctx.oidc.session?.state ?? {}) as { postLogoutRedirectUri?: string };
  ctx.type = 'html';
  ctx.body = logoutConfirmPage(form, state.postLogoutRedirectUri ?? `${ctx.oidc.provider.issuer}/account`);
}

/** Ends the session and redirects, as oidc-provider's own confirm step does. */
async function endSessionWithoutConfirmation(ctx: ProviderContext): Promise<void> {
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
