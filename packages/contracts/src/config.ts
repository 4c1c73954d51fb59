import { Type, type Static } from 'typebox';

/** Served by the API at `GET /api/config` so one web build runs in every environment. */
export const RuntimeConfigSchema = Type.Object({
  /** Base URL of the identity provider, without `/realms/...` (Keycloak's `url`). */
  keycloakUrl: Type.String(),
  realm: Type.String(),
  clientId: Type.String(),
  productName: Type.String(),
  /** `MAX_UPLOAD_MB`: largest document the API accepts, in MB (1 MB = 1024 × 1024 bytes). */
  maxUploadMb: Type.Optional(Type.Number()),
});
export type RuntimeConfig = Static<typeof RuntimeConfigSchema>;
