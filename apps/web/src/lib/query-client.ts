import { QueryClient, type DefaultOptions } from '@tanstack/react-query';

/**
 * Reads wait for the connection and run again when it returns. Writes never do: TanStack Query's
 * default (`networkMode: 'online'`) pauses a mutation while the browser is offline and sends it by
 * itself when the connection returns, so an expediente someone believed not created was created.
 * Sent at once, an offline write fails at once («Sin conexión», see `api-client.ts`) and the person
 * decides whether to try again.
 */
const QUERY_DEFAULTS = {
  queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
  mutations: { networkMode: 'always', retry: false },
} as const satisfies DefaultOptions;

export function createQueryClient(overrides: DefaultOptions = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { ...QUERY_DEFAULTS.queries, ...overrides.queries },
      mutations: { ...QUERY_DEFAULTS.mutations, ...overrides.mutations },
    },
  });
}

/** Server data lives only here; it is cleared at sign-out. */
export const queryClient = createQueryClient();
