import { fechaHoraEspana } from '../shared/dates';
import { cifra, tamanoLegible } from '../shared/numeros';
import type { InformeRestauracion } from './restaurar';

/** The restore's report as an operator reads it. */
export function informeEnTexto(informe: InformeRestauracion): string {
  const lineas = [
    `Copia restaurada: «${informe.copia}» (hecha el ${fechaHoraEspana(informe.iniciada_en)}, desde ${informe.origen}).`,
    `Destino: ${informe.destino}.`,
    `Documentos restaurados: ${cifra(informe.documentos_restaurados)} y copias auténticas: ${cifra(informe.copias_autenticas_restauradas)} (${tamanoLegible(informe.bytes_restaurados)}), cada archivo con su SHA-256 comprobado.`,
    `Expedientes verificados (huellas de los archivos y cadena del índice): ${cifra(informe.expedientes_verificados)}.`,
    `Índices firmados comprobados (firmas XAdES y PAdES): ${cifra(informe.firmas_verificadas)}.`,
  ];
  for (const distinto of informe.recuentos_distintos) {
    lineas.push(
      `ERROR: la tabla «${distinto.tabla}» tiene ${cifra(distinto.restauradas)} filas y la copia ${cifra(distinto.en_copia)}.`,
    );
  }
  for (const documento of informe.documentos_no_restaurados) lineas.push(`ERROR: ${documento.detalle}`);
  for (const expediente of informe.expedientes_con_incidencias) {
    lineas.push(`ERROR: el expediente ${expediente.numero} no supera la verificación:`);
    for (const incidencia of expediente.incidencias) lineas.push(`  - ${incidencia.detalle}`);
  }
  lineas.push(
    informe.correcto
      ? 'Resultado: restauración correcta. Todas las huellas y todas las cadenas del índice coinciden, y todas las firmas son válidas.'
      : 'Resultado: restauración CON ERRORES. Revise los mensajes anteriores antes de poner la instalación en servicio.',
  );
  return lineas.join('\n');
}
