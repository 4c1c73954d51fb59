import type { InformeRestauracion } from './restaurar';

const entero = new Intl.NumberFormat('es-ES', { useGrouping: true, maximumFractionDigits: 1 });
const numero = (n: number) => entero.format(n).replace(/\u00a0/g, ' ');
const fecha = (iso: string) => {
  const d = new Date(iso);
  const dos = (n: number) => String(n).padStart(2, '0');
  return `${dos(d.getDate())}/${dos(d.getMonth() + 1)}/${d.getFullYear()} ${dos(d.getHours())}:${dos(d.getMinutes())}`;
};
const mib = (bytes: number) => `${numero(Math.round((bytes / 1024 / 1024) * 10) / 10)} MiB`;

/** The restore's report as an operator reads it. */
export function informeEnTexto(informe: InformeRestauracion): string {
  const lineas = [
    `Copia restaurada: «${informe.copia}» (hecha el ${fecha(informe.iniciada_en)}, desde ${informe.origen}).`,
    `Destino: ${informe.destino}.`,
    `Documentos restaurados: ${numero(informe.documentos_restaurados)} y copias auténticas: ${numero(informe.copias_autenticas_restauradas)} (${mib(informe.bytes_restaurados)}), cada archivo con su SHA-256 comprobado.`,
    `Expedientes verificados (huellas de los archivos y cadena del índice): ${numero(informe.expedientes_verificados)}.`,
  ];
  for (const distinto of informe.recuentos_distintos) {
    lineas.push(
      `ERROR: la tabla «${distinto.tabla}» tiene ${numero(distinto.restauradas)} filas y la copia ${numero(distinto.en_copia)}.`,
    );
  }
  for (const documento of informe.documentos_no_restaurados) lineas.push(`ERROR: ${documento.detalle}`);
  for (const expediente of informe.expedientes_con_incidencias) {
    lineas.push(`ERROR: el expediente ${expediente.numero} no supera la verificación:`);
    for (const incidencia of expediente.incidencias) lineas.push(`  - ${incidencia.detalle}`);
  }
  lineas.push(
    informe.correcto
      ? 'Resultado: restauración correcta. Todas las huellas y todas las cadenas del índice coinciden.'
      : 'Resultado: restauración CON ERRORES. Revise los mensajes anteriores antes de poner la instalación en servicio.',
  );
  return lineas.join('\n');
}
