const RETURN_PATH_KEY = 'ecodigital.returnPath';

/**
 * The identity provider only accepts the exact redirect URI `<origin>/`, so the path the person
 * asked for is kept here across the sign-in round trip.
 */
export function rememberReturnPath(path: string): void {
  if (path.startsWith('/') && !path.startsWith('//')) sessionStorage.setItem(RETURN_PATH_KEY, path);
}

export function takeReturnPath(): string | null {
  const path = sessionStorage.getItem(RETURN_PATH_KEY);
  sessionStorage.removeItem(RETURN_PATH_KEY);
  return path;
}

/** True while the URL carries the identity provider's answer (fragment response mode). */
export function isSignInCallback(hash: string): boolean {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return params.has('state') && (params.has('code') || params.has('error'));
}
