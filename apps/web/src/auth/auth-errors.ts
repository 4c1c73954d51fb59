import type { KeycloakError } from 'keycloak-js';
import { createReloadGuard } from '../lib/reload-guard';
import { toast } from '../lib/toast';
import { keycloakOrNull } from './keycloak';
import { startSignIn } from './sign-in';

const retryGuard = createReloadGuard('ecodigital.authErrorRetryAt');
let appStarted = false;
let startupAuthError: string | null = null;

function describe(error?: KeycloakError): string {
  return error?.error_description || error?.error || 'El proveedor de identidad rechazó el inicio de sesión.';
}

/**
 * The seed's auth-error handler. During start-up the failing `init` is handled by the start-up
 * code (reload guard, error overlay), so only the reason is kept; later, a toast is shown and the
 * sign-in starts again — at most once a minute, so a provider that keeps failing cannot loop.
 */
export function installAuthErrorHandler(): void {
  const keycloak = keycloakOrNull();
  if (!keycloak) return;
  keycloak.onAuthError = (error) => {
    if (!appStarted) {
      startupAuthError = describe(error);
      return;
    }
    toast.show({
      severity: 'error',
      summary: 'Error de autenticación',
      detail: `${describe(error)} Se iniciará la sesión de nuevo.`,
    });
    if (retryGuard.claim()) startSignIn();
  };
}

export function markAppStarted(): void {
  appStarted = true;
}

export function startupAuthErrorReason(): string | null {
  return startupAuthError;
}
