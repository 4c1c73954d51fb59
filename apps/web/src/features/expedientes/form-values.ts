import type { CrearExpediente, EditarExpediente, Expediente } from '@ecodigital/contracts/expedientes';
import { textoNormalizado } from '../../lib/text-rules';

/** What the expediente form holds; selects are empty (`undefined`) until chosen. */
export interface ExpedienteFormValues {
  asunto?: string;
  descripcion?: string | null;
  id_tipo?: number;
  id_unidad?: number;
  interesado_nombre?: string | null;
  interesado_documento?: string | null;
  id_responsable?: number | null;
}

function documento(value: string | null | undefined): string | null {
  return textoNormalizado(value)?.toUpperCase() ?? null;
}

export interface NormalizedValues {
  asunto: string;
  descripcion: string | null;
  id_tipo: number;
  id_unidad: number;
  interesado_nombre: string | null;
  interesado_documento: string | null;
  id_responsable: number | null;
}

export function normalize(values: ExpedienteFormValues): NormalizedValues {
  return {
    asunto: textoNormalizado(values.asunto) ?? '',
    descripcion: textoNormalizado(values.descripcion, 'parrafos'),
    id_tipo: values.id_tipo ?? 0,
    id_unidad: values.id_unidad ?? 0,
    interesado_nombre: textoNormalizado(values.interesado_nombre),
    interesado_documento: documento(values.interesado_documento),
    id_responsable: values.id_responsable ?? null,
  };
}

/** The body of `POST /api/expedientes`: optional fields left blank are not sent. */
export function toCrearExpediente(values: ExpedienteFormValues): CrearExpediente {
  const normalized = normalize(values);
  const body: CrearExpediente = {
    asunto: normalized.asunto,
    id_tipo: normalized.id_tipo,
    id_unidad: normalized.id_unidad,
  };
  if (normalized.descripcion !== null) body.descripcion = normalized.descripcion;
  if (normalized.interesado_nombre !== null) body.interesado_nombre = normalized.interesado_nombre;
  if (normalized.interesado_documento !== null) body.interesado_documento = normalized.interesado_documento;
  if (normalized.id_responsable !== null) body.id_responsable = normalized.id_responsable;
  return body;
}

export function formValuesOf(expediente: Expediente): ExpedienteFormValues {
  return {
    asunto: expediente.asunto,
    descripcion: expediente.descripcion,
    id_tipo: expediente.tipo.id,
    interesado_nombre: expediente.interesado_nombre,
    interesado_documento: expediente.interesado_documento,
    id_responsable: expediente.responsable?.id_usuario ?? null,
  };
}

/**
 * The body of `PATCH /api/expedientes/:id`: only the fields whose value changed, plus the version
 * read, so the history records exactly what the person changed. Never the unidad: that is a transfer.
 */
export function toEditarExpediente(expediente: Expediente, values: ExpedienteFormValues): EditarExpediente {
  const before = normalize(formValuesOf(expediente));
  const after = normalize(values);
  const body: EditarExpediente = { version: expediente.version };
  const changed = <K extends keyof NormalizedValues>(key: K) => before[key] !== after[key];
  if (changed('asunto')) body.asunto = after.asunto;
  if (changed('descripcion')) body.descripcion = after.descripcion;
  if (changed('id_tipo')) body.id_tipo = after.id_tipo;
  if (changed('interesado_nombre')) body.interesado_nombre = after.interesado_nombre;
  if (changed('interesado_documento')) body.interesado_documento = after.interesado_documento;
  if (changed('id_responsable')) body.id_responsable = after.id_responsable;
  return body;
}

/** True when the edit would send nothing but the version. */
export function hasChanges(body: EditarExpediente): boolean {
  return Object.keys(body).some((key) => key !== 'version');
}
