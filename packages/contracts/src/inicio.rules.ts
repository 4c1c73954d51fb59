// Plain constants of the inicio contract, without schemas: the web imports them from here so
// that its bundles do not carry TypeBox. `inicio.ts` re-exports everything.

/** Limits of the Inicio lists. */
export const LIMITES_INICIO = { misExpedientes: 10, actividad: 15, meses: 12 } as const;
