import type { RuntimeConfig } from '@ecodigital/contracts/config';
import { IDP_MESSAGE_TIMEOUT_MS } from '../lib/constants';

/**
 * keycloak-js builds its URLs without contacting the identity provider and would send the browser
 * to an unreachable page; probing first lets start-up show the error overlay instead. `no-cors`
 * makes the probe independent of the provider's CORS settings: only a network failure rejects.
 */
export async function probeIdentityProvider(config: RuntimeConfig): Promise<void> {
  const base = config.keycloakUrl.replace(/\/+$/, '');
  const url = `${base}/realms/${encodeURIComponent(config.realm)}/.well-known/openid-configuration`;
  await fetch(url, { mode: 'no-cors', cache: 'no-store', signal: AbortSignal.timeout(IDP_MESSAGE_TIMEOUT_MS) });
}
