import type { Health } from '@ecodigital/contracts/health';
import type { Database } from '../../db/database';
import { fetchDiscovery, type VerifyAccessToken } from '../../shared/auth/access-token';

const CHECK_TIMEOUT_MS = 2_000;

export async function checkHealth(
  db: Database,
  identityKeys: Pick<VerifyAccessToken, 'keys' | 'ensureKeys'>,
  issuer: string,
  version: string,
): Promise<Health> {
  const [database, identityProvider] = await Promise.all([
    withTimeout(db.query('SELECT 1'), CHECK_TIMEOUT_MS).then(ok, failed),
    fetchDiscovery(issuer, CHECK_TIMEOUT_MS).then(ok, failed),
    identityKeys.ensureKeys(),
  ]);
  const { estado, obtenidas, validasHasta } = identityKeys.keys();
  const status = database === 'ok' && identityProvider === 'ok' ? 'ok' : 'degraded';
  return { status, database, identityProvider, claves: { estado, obtenidas, validasHasta }, version };
}

/** Whether this instance can serve people: tokens are verified with the keys it holds, even stale ones. */
export function canServe(health: Health): boolean {
  return health.database === 'ok' && health.claves.estado !== 'sin_claves';
}

const ok = () => 'ok' as const;
const failed = () => 'error' as const;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function degradedMessage(health: Health): string {
  const failing = [
    health.database === 'error' ? 'la base de datos' : undefined,
    health.identityProvider === 'error' ? 'el proveedor de identidad' : undefined,
  ].filter(Boolean);
  const sinClaves =
    health.claves.estado === 'sin_claves' && health.identityProvider === 'ok'
      ? ' No se pudieron obtener las claves del proveedor de identidad.'
      : '';
  if (failing.length === 0) return `Servicio degradado.${sinClaves}`;
  return `Servicio degradado: no responde ${failing.join(' ni ')}.${sinClaves}`;
}
