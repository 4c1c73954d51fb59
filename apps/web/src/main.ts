import { installAuthErrorHandler, markAppStarted, startupAuthErrorReason } from './auth/auth-errors';
import { probeIdentityProvider } from './auth/idp-probe';
import { createKeycloak, initKeycloak } from './auth/keycloak';
import { isSignInCallback, rememberReturnPath, takeReturnPath } from './auth/return-path';
import { startTokenRefresh } from './auth/token-refresh';
import { installPreloadErrorHandler } from './app/chunk-load';
import { hideLoadingOverlay, showStartupError } from './app/startup-overlay';
import { createReloadGuard } from './lib/reload-guard';
import { loadRuntimeConfig } from './lib/runtime-config';
import { loadSession } from './session/load-session';

const signInReloadGuard = createReloadGuard('ecodigital.signInReloadAt');

/** `reloadable`: a sign-in setup failure, which the seed answers with a (guarded) reload. */
class StartupError extends Error {
  constructor(
    message: string,
    readonly reloadable: boolean,
  ) {
    super(message);
  }
}

async function signIn(): Promise<void> {
  const config = await loadRuntimeConfig().catch(() => {
    throw new StartupError('No se pudo cargar la configuración de la aplicación.', false);
  });
  try {
    await probeIdentityProvider(config);
  } catch {
    throw new StartupError(
      'No se pudo contactar con el servicio de inicio de sesión. Inténtelo de nuevo en unos minutos.',
      true,
    );
  }
  const keycloak = createKeycloak(config);
  installAuthErrorHandler();
  const authenticated = await initKeycloak(keycloak).catch((error: unknown) => {
    console.error('keycloak init', error);
    throw new StartupError(startupAuthErrorReason() ?? 'No se pudo iniciar la sesión.', true);
  });
  if (!authenticated) throw new StartupError('No se pudo iniciar la sesión.', true);
}

function restoreRequestedPath(): void {
  const path = takeReturnPath();
  const current = `${window.location.pathname}${window.location.search}`;
  if (path && path !== current) window.history.replaceState(null, '', path);
}

/** `/verificacion` and `/verificacion/<código>`: public, shown without signing in (decision 0394). */
const esVerificacionPublica = (path: string) => path === '/verificacion' || path.startsWith('/verificacion/');

/** The public verification page, from a chunk of its own: `/` never fetches it. */
async function startVerificacion(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) {
    showStartupError('No se encontró el contenedor de la aplicación.');
    return;
  }
  const { mountVerificacion } = await import('./app/mount-verificacion');
  hideLoadingOverlay();
  mountVerificacion(container);
}

async function start(): Promise<void> {
  installPreloadErrorHandler();
  if (esVerificacionPublica(window.location.pathname)) {
    await startVerificacion();
    return;
  }
  // The identity provider always returns to `<origin>/`: keep the page asked for.
  if (!isSignInCallback(window.location.hash))
    rememberReturnPath(`${window.location.pathname}${window.location.search}`);

  // Fetched in parallel with the sign-in; not needed at all when the browser goes to the IdP.
  const appModule = import('./app/mount');
  appModule.catch(() => {});

  try {
    await signIn();
  } catch (error) {
    const reason = error instanceof StartupError ? error.message : 'No se pudo iniciar la aplicación.';
    const setupFailed = !(error instanceof StartupError) || error.reloadable;
    // The seed reloads when the sign-in setup fails; at most once a minute, so an unreachable
    // identity provider ends on the error overlay instead of a reload loop.
    if (setupFailed && signInReloadGuard.claim()) {
      window.location.reload();
      return;
    }
    showStartupError(reason);
    return;
  }

  restoreRequestedPath();
  startTokenRefresh();
  markAppStarted();
  await loadSession();

  const container = document.getElementById('root');
  if (!container) {
    showStartupError('No se encontró el contenedor de la aplicación.');
    return;
  }
  const { mountApp } = await appModule;
  hideLoadingOverlay();
  mountApp(container);
}

start().catch((error: unknown) => {
  console.error(error);
  showStartupError('No se pudo iniciar la aplicación.');
});
