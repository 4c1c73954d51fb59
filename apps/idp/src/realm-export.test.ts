import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { CLIENT_ID } from './realm';

const EXPORT = new URL('../../../deploy/keycloak/realm-ecodigital.json', import.meta.url);

interface RealmClient {
  clientId: string;
  redirectUris: string[];
  webOrigins: string[];
  attributes: Record<string, string>;
  publicClient: boolean;
  implicitFlowEnabled: boolean;
  directAccessGrantsEnabled: boolean;
  protocolMappers?: { protocolMapper: string; config: Record<string, string> }[];
}

/** The production realm export must be as strict as the dev IdP: exact URIs, code flow with PKCE. */
describe('deploy/keycloak/realm-ecodigital.json', () => {
  it('gives the web client exact redirect and post-logout URIs, never a wildcard', async () => {
    const realm = JSON.parse(await readFile(EXPORT, 'utf8')) as { clients: RealmClient[] };
    const client = realm.clients.find((c) => c.clientId === CLIENT_ID)!;
    expect(client.redirectUris).toEqual(['http://localhost:3000/']);
    expect(client.attributes['post.logout.redirect.uris']).toBe('http://localhost:3000/');
    for (const uri of [...client.redirectUris, ...client.attributes['post.logout.redirect.uris']!.split('##')]) {
      expect(uri).not.toContain('*');
      expect(new URL(uri).pathname).toBe('/');
    }
    expect(client.webOrigins).toEqual(['http://localhost:3000']);
    expect(client).toMatchObject({ publicClient: true, implicitFlowEnabled: false, directAccessGrantsEnabled: false });
    expect(client.attributes['pkce.code.challenge.method']).toBe('S256');
  });

  it("puts the person's groups (unidad codes) in the access token as `groups`, for OIDC_GROUPS_CLAIM", async () => {
    const realm = JSON.parse(await readFile(EXPORT, 'utf8')) as { clients: RealmClient[] };
    const client = realm.clients.find((c) => c.clientId === CLIENT_ID)!;
    const mapper = client.protocolMappers?.find((m) => m.protocolMapper === 'oidc-group-membership-mapper');
    expect(mapper?.config).toMatchObject({ 'claim.name': 'groups', 'access.token.claim': 'true' });
  });
});
