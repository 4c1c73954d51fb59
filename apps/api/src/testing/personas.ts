import { apiClient, type ApiClient, type DemoUsername } from './api-client';
import type { TestStack } from './test-stack';

const PERSONAS_DEMO = ['admin', 'gestor', 'consulta', 'tesorera'] as const satisfies readonly DemoUsername[];

export interface PersonasDemo {
  as: Record<DemoUsername, ApiClient>;
  tokens: Record<DemoUsername, string>;
  id: Record<DemoUsername, number>;
}

/**
 * Signs every demo person in once, as the web does (their usuario row is written by the first
 * request), and answers a client, the access token and the id_usuario of each.
 */
export async function iniciarPersonas(stack: TestStack): Promise<PersonasDemo> {
  const personas = { as: {}, tokens: {}, id: {} } as PersonasDemo;
  for (const username of PERSONAS_DEMO) {
    personas.tokens[username] = (await stack.idp().tokensFor(username)).access_token;
    personas.as[username] = apiClient(stack.app(), personas.tokens[username]);
    await personas.as[username].get('/api/session/get');
    const [row] = await stack
      .app()
      .db.query<{ id_usuario: number }>('SELECT id_usuario FROM usuario WHERE username = $1', [username]);
    personas.id[username] = row!.id_usuario;
  }
  return personas;
}
