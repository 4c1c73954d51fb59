import { QueryClient } from '@tanstack/react-query';

/** Server data lives only here; it is cleared at sign-out. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
  },
});
