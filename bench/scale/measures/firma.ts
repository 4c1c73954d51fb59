/**
 * Signing the índice of an expediente with `documentos` documents (goal: 10.000 in ≤ 2 s): the rows are
 * inserted directly (well-formed índice fields; their files are never read), then the real signing
 * path the API runs when an expediente is closed (`firmarIndice`: the índice read, the ENI `indice`
 * signed with XAdES, the índice PDF drawn and signed with PAdES, both stored) is timed in one
 * transaction, with the development seal of `npm start`. Each part is then timed on its own.
 */
import path from 'node:path';
import type { Database } from '@ecodigital/api/db/database';
import { createPgDatabase } from '@ecodigital/api/db/pg-database';
import { indiceDe, indicePdf } from '@ecodigital/api/modules/documentos/documentos.public';
import { findDatosEni, findDocumentosEni } from '@ecodigital/api/modules/eni/eni.repository';
import { firmarIndice } from '@ecodigital/api/modules/eni/firmas.service';
import { indiceContenidoXml } from '@ecodigital/api/modules/eni/indice-contenido';
import { firmarPdf } from '@ecodigital/api/modules/eni/pades';
import { leerSello, type Sello } from '@ecodigital/api/modules/eni/sello';
import { asegurarSelloDesarrollo, PASSWORD_DESARROLLO } from '@ecodigital/api/modules/eni/sello-desarrollo';
import { firmarIndiceXml } from '@ecodigital/api/modules/eni/xades';
import { withClient } from '../database';
import { MiB, numero, type Measure } from '../measure';
import { median } from './export';

const GOAL_SECONDS = 2;
const RUNS = 3;

interface Context {
  databaseUrl: string;
  scratch: string;
  documentos: number;
}

export async function measureFirma(context: Context): Promise<Measure> {
  const { idExpediente, idUsuario } = await expedienteConDocumentos(context.databaseUrl, context.documentos);
  const sello = await leerSello(
    await asegurarSelloDesarrollo(path.join(context.scratch, 'sello-firma')),
    PASSWORD_DESARROLLO,
    { soloDesarrollo: true, tsaUrl: undefined },
  );
  const db = createPgDatabase(context.databaseUrl);
  try {
    // Wall time, and this process's CPU time (all its threads, GC included): on a loaded machine the
    // second says what the signing costs, the first also how long it waited for a core.
    const firmar = async () => {
      const inicio = performance.now();
      const cpu = process.cpuUsage();
      await db.transaction((tx) =>
        firmarIndice(tx, sello, { id_expediente: idExpediente, id_usuario: idUsuario, motivo: 'cierre' }),
      );
      const { user, system } = process.cpuUsage(cpu);
      return { segundos: (performance.now() - inicio) / 1000, cpu: (user + system) / 1e6 };
    };
    // Warm-up, not measured: fonts read, code compiled, the rows in PostgreSQL's cache.
    await firmar();
    const tiempos: { segundos: number; cpu: number }[] = [];
    for (let run = 0; run < RUNS; run++) tiempos.push(await firmar());
    const segundos = median(tiempos.map((tiempo) => tiempo.segundos));
    const cpu = median(tiempos.map((tiempo) => tiempo.cpu));
    const partes = await partesDeLaFirma(db, sello, idExpediente);
    const [tamanos] = await db.query<{ pdf: number; xml: number }>(
      `SELECT octet_length(pdf) AS pdf, octet_length(xml) AS xml FROM indice_firmado
       WHERE id_expediente = $1 ORDER BY id_firma DESC LIMIT 1`,
      [idExpediente],
    );
    const { pdf, xml } = tamanos!;
    const detalle = Object.entries(partes)
      .map(([parte, s]) => `${parte} ${numero(s, 2)} s`)
      .join(' · ');
    return {
      medida: `Firma del índice de un expediente de ${numero(context.documentos, 0)} documentos (XAdES + PDF + PAdES, mediana de ${RUNS})`,
      valor: `${numero(segundos, 2)} s (CPU ${numero(cpu, 2)} s)`,
      base: `${detalle} (cada parte sola); PDF ${numero(Number(pdf) / MiB, 1)} MiB, XML ${numero(Number(xml) / MiB, 1)} MiB`,
      ratio: '—',
      objetivo: `≤ ${numero(GOAL_SECONDS, 0)} s`,
      cumple: segundos <= GOAL_SECONDS,
      datos: {
        documentos: context.documentos,
        segundos,
        cpu_s: cpu,
        ...Object.fromEntries(Object.entries(partes).map(([parte, s]) => [`${parte}_s`, s])),
        pdf_bytes: Number(pdf),
        xml_bytes: Number(xml),
      },
    };
  } finally {
    await db.close();
  }
}

/** Each step of `firmarIndice`, timed alone, in its order. */
async function partesDeLaFirma(db: Database, sello: Sello, idExpediente: number): Promise<Record<string, number>> {
  const partes: Record<string, number> = {};
  const medir = async <T>(parte: string, paso: () => Promise<T>): Promise<T> => {
    const inicio = performance.now();
    const resultado = await paso();
    partes[parte] = (performance.now() - inicio) / 1000;
    return resultado;
  };
  const firmadoEn = new Date(Math.floor(Date.now() / 1000) * 1000);
  const { datos, documentos, indice } = await medir('lectura', async () => {
    const datos = (await findDatosEni(db, idExpediente))!;
    const documentos = await findDocumentosEni(db, idExpediente);
    return { datos, documentos, indice: await indiceDe(db, datos, firmadoEn) };
  });
  await medir('xades', async () => firmarIndiceXml(indiceContenidoXml(datos, documentos, firmadoEn), sello, firmadoEn));
  const pdf = await medir('pdf', () => indicePdf(indice));
  await medir('pades', () => firmarPdf(pdf, sello, firmadoEn));
  return partes;
}

/**
 * An expediente with exactly `documentos` documents: one made by an earlier run when there is one,
 * otherwise the oldest expediente without documents nor signatures gets them, in one statement.
 */
async function expedienteConDocumentos(
  databaseUrl: string,
  documentos: number,
): Promise<{ idExpediente: number; idUsuario: number }> {
  return withClient(databaseUrl, async (client) => {
    const marca = `Banco de pruebas: firma del índice de ${documentos} documentos`;
    const [{ usuario }] = (await client.query<{ usuario: number }>(`SELECT min(id_usuario) AS usuario FROM usuario`))
      .rows as [{ usuario: number }];
    const previo = await client.query<{ id_expediente: number }>(
      `SELECT id_expediente FROM expediente WHERE asunto = $1 LIMIT 1`,
      [marca],
    );
    if (previo.rows[0]) return { idExpediente: previo.rows[0].id_expediente, idUsuario: usuario };
    await client.query('BEGIN');
    const { rows } = await client.query<{ id_expediente: number }>(
      `UPDATE expediente SET asunto = $1
       WHERE id_expediente = (
         SELECT e.id_expediente FROM expediente e
         WHERE NOT EXISTS (SELECT 1 FROM documento d WHERE d.id_expediente = e.id_expediente)
           AND NOT EXISTS (SELECT 1 FROM indice_firmado f WHERE f.id_expediente = e.id_expediente)
         ORDER BY e.id_expediente LIMIT 1)
       RETURNING id_expediente`,
      [marca],
    );
    const idExpediente = rows[0]?.id_expediente;
    if (!idExpediente) throw new Error('no queda ningún expediente sin documentos en la base de datos');
    // Names as people give them (some long enough to wrap in the PDF), three tipos documentales,
    // each its own SHA-256 and chain entry (well formed: never read back as files).
    await client.query(
      `INSERT INTO documento (id_expediente, orden, nombre, id_tipo_documental, fecha_incorporacion, tamano, formato,
                              mime, huella, clave_almacen, hash_anterior, hash_entrada, subido_por)
       SELECT $1::integer, o, ($3::text[])[1 + o % cardinality($3::text[])] || ' nº ' || o ||
                     CASE WHEN o % 7 = 0 THEN ' del Servicio de Urbanismo, con sus anexos y planos de situación' ELSE '' END
                     || '.pdf',
              (SELECT id FROM tipo_documental ORDER BY id LIMIT 1 OFFSET (o % 3)),
              now() - interval '1 minute' * ($2 - o), 50000 + (o % 500) * 1000, 'PDF', 'application/pdf',
              encode(sha256(('documento ' || $1::integer || ' ' || o)::bytea), 'hex'), gen_random_uuid(),
              CASE WHEN o = 1 THEN NULL ELSE encode(sha256(('entrada ' || $1::integer || ' ' || (o - 1))::bytea), 'hex') END,
              encode(sha256(('entrada ' || $1::integer || ' ' || o)::bytea), 'hex'), $4
       FROM generate_series(1, $2) AS o`,
      [
        idExpediente,
        documentos,
        ['Resolución', 'Informe técnico', 'Solicitud', 'Notificación', 'Requerimiento'],
        usuario,
      ],
    );
    await client.query(`DELETE FROM trabajo WHERE cola = 'texto'`);
    await client.query('COMMIT');
    await client.query('VACUUM (ANALYZE) documento');
    return { idExpediente, idUsuario: usuario };
  });
}
