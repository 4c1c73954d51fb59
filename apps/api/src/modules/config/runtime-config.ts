import type { RuntimeConfig } from '@ecodigital/contracts/config';
import type { AppConfig } from '../../config';

/** Keycloak's issuer is `<url>/realms/<realm>`; keycloak-js wants `url` and `realm` apart. */
export function toRuntimeConfig(config: Pick<AppConfig, 'oidc' | 'productName' | 'storage'>): RuntimeConfig {
  const match = /^(.*)\/realms\/([^/]+)$/.exec(config.oidc.issuer);
  if (!match) throw new Error(`OIDC_ISSUER no tiene la forma <url>/realms/<realm>: ${config.oidc.issuer}`);
  return {
    keycloakUrl: config.oidc.publicUrl ?? match[1]!,
    realm: decodeURIComponent(match[2]!),
    clientId: config.oidc.clientId,
    productName: config.productName,
    maxUploadMb: config.storage.maxUploadMb,
  };
}
