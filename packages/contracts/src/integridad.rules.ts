// Plain constants of the integridad contract, without schemas: the web imports them from here so
// that its bundles do not carry TypeBox. `integridad.ts` re-exports everything.

/** What was found wrong with a stored file. */
export const TIPOS_HALLAZGO = ['archivo_alterado', 'archivo_ausente'] as const;
export type TipoHallazgo = (typeof TIPOS_HALLAZGO)[number];

/** Who found it: the periodic revision, or a download or preview that streamed the file. */
export const ORIGENES_HALLAZGO = ['revision', 'descarga', 'vista'] as const;
export type OrigenHallazgo = (typeof ORIGENES_HALLAZGO)[number];

/** The newest findings the administration shows (the table keeps them all). */
export const HALLAZGOS_MOSTRADOS = 100;
