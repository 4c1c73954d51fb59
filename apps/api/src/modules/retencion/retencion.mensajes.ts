import { describirRegla as describirReglaComoTitulo, type ReglaRetencion } from '@ecodigital/contracts/retencion';
import { ApiHttpError, solicitudNoValida } from '../../shared/errors';

export const MENSAJES_RETENCION = {
  serieNoExiste: 'La serie documental no existe.',
  tipoNoExiste: 'El tipo de expediente no existe.',
  actaNoExiste: 'El acta de eliminación no existe.',
  codigoRepetido: (codigo: string) => `Ya hay una serie documental con el código «${codigo}».`,
  demasiadasSeries: (max: number) => `El cuadro de clasificación ya tiene ${max} series, el máximo.`,
  serieInactiva: (codigo: string) => `La serie «${codigo}» no está activa: no se le asignan tipos.`,
  aniosObligatorios: 'Indique los años de conservación tras el cierre para una regla de eliminación.',
  aniosSobran: 'Una regla de conservación permanente no lleva años.',
  nombreVacio: 'Indique el nombre de la serie.',
  serieCreada: 'Serie documental añadida.',
  serieGuardada: 'Serie documental actualizada.',
  tipoGuardado: 'Tipo de expediente actualizado.',
  yaRetenido: 'El expediente ya tiene una retención legal activa.',
  sinRetencion: 'El expediente no tiene ninguna retención legal activa.',
  yaEliminado: (acta: string) => `Los documentos de este expediente ya se eliminaron por el acta ${acta}.`,
  retencionPuesta: 'Retención legal puesta: el expediente no se puede eliminar mientras dure.',
  retencionLevantada: 'Retención legal levantada.',
  noPendiente: (numero: string) => `El expediente ${numero} no está pendiente de dictamen.`,
  conRetencion: (numero: string) =>
    `El expediente ${numero} tiene una retención legal activa: levántela o quítelo del acta antes de aprobarla.`,
  enOtroBorrador: (numero: string, acta: string) => `El expediente ${numero} ya figura en el borrador ${acta}.`,
  actaNoBorrador: (acta: string) => `El acta ${acta} ya está aprobada: no se puede cambiar ni descartar.`,
  actaSinPdf: (acta: string) => `El acta ${acta} es un borrador: su PDF firmado se genera al aprobarla.`,
  sinSello:
    'No hay sello de la institución configurado (SELLO_P12): el acta de eliminación no se puede firmar ni aprobar.',
  actaCreada: 'Borrador de acta de eliminación creado.',
  actaDescartada: 'Borrador de acta descartado.',
  actaAprobada: 'Acta aprobada: se eliminó el contenido de los documentos que lista.',
} as const;

export const serieNoExiste = () => new ApiHttpError(404, MENSAJES_RETENCION.serieNoExiste, 'NOT_FOUND');
export const tipoNoExiste = () => new ApiHttpError(404, MENSAJES_RETENCION.tipoNoExiste, 'NOT_FOUND');
export const actaNoExiste = () => new ApiHttpError(404, MENSAJES_RETENCION.actaNoExiste, 'NOT_FOUND');
export const conflicto = (msg: string) => new ApiHttpError(409, msg, 'CONFLICT');

/** A rule is whole: eliminación with years, conservación permanente without. */
export function asegurarRegla(regla: ReglaRetencion | null): void {
  if (regla === null) return;
  if (regla.disposicion === 'eliminacion' && regla.anios === null) {
    throw solicitudNoValida(MENSAJES_RETENCION.aniosObligatorios);
  }
  if (regla.disposicion === 'conservacion_permanente' && regla.anios !== null) {
    throw solicitudNoValida(MENSAJES_RETENCION.aniosSobran);
  }
}

/** The rule in words inside a sentence of the historial or the auditoría: «… (eliminación al cierre)». */
export function describirRegla(regla: ReglaRetencion | null): string {
  const palabras = describirReglaComoTitulo(regla);
  return palabras.charAt(0).toLowerCase() + palabras.slice(1);
}
