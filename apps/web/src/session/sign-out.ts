import { signOutOfIdentityProvider } from '../auth/sign-in';
import { queryClient } from '../lib/query-client';
import { toast } from '../lib/toast';

/** `Cerrar sesión`: forget every piece of the person's data, then end the identity-provider session. */
export async function signOut(): Promise<void> {
  queryClient.clear();
  toast.clear();
  await signOutOfIdentityProvider();
}
