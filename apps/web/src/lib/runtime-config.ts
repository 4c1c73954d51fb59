import type { RuntimeConfig } from '@ecodigital/contracts/config';

let current: RuntimeConfig | null = null;

/** `GET /api/config`: the identity-provider settings of this environment, so one build runs anywhere. */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/api/config', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`/api/config respondió ${response.status}`);
  const { data: config } = (await response.json()) as { success: true; data: RuntimeConfig };
  if (!config?.keycloakUrl || !config.realm || !config.clientId) {
    throw new Error('La configuración recibida está incompleta');
  }
  current = config;
  return config;
}

export function productName(): string {
  return current?.productName || 'EcoDigital';
}

/** The API's upload limit in MB when it tells one; until then the product's default. */
export function maxUploadMb(fallback: number): number {
  const value = current?.maxUploadMb;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}
