/**
 * Realistic Spanish document text for the search benchmark: resoluciones, informes and solicitudes
 * of a town council, built by PostgreSQL from sentence templates (a few hundred to a few thousand
 * words each) and stored as the extraction would leave it: `documento_texto` indexado, with its vector.
 */
import type pg from 'pg';
import { APELLIDOS, CALLES, EMPRESAS, NOMBRES } from '@ecodigital/api/tools/demo-data';

/** A word no template contains: it appears only in every `RARA_CADA`-th document. */
export const PALABRA_RARA = 'Zubizarreta';
const RARA_CADA = 20_000;
export const PALABRA_COMUN = 'licencia';
export const FRASE = '"licencia de obra menor"';

const FRASES = [
  'Vista la solicitud presentada por la persona interesada y los informes técnicos que obran en el expediente.',
  'Se concede la licencia de obra menor para la reforma interior de la vivienda, sin afectar a elementos estructurales.',
  'El plazo para iniciar las obras será de seis meses a contar desde la notificación de la presente resolución.',
  'Contra esta resolución, que pone fin a la vía administrativa, podrá interponerse recurso potestativo de reposición.',
  'El técnico municipal informa favorablemente la concesión de la licencia solicitada, con las condiciones indicadas.',
  'Se requiere a la persona interesada para que en el plazo de diez días aporte la documentación que se relaciona.',
  'La ocupación de la vía pública con andamios o contenedores precisará autorización expresa de la Policía Local.',
  'De conformidad con el artículo 21 de la Ley 7/1985, reguladora de las Bases del Régimen Local, esta Alcaldía resuelve.',
  'El presupuesto de ejecución material declarado asciende a la cantidad indicada, sobre la que se liquidará el impuesto.',
  'Se aprueba la liquidación de la tasa por prestación de servicios urbanísticos conforme a la ordenanza fiscal vigente.',
  'Consultado el padrón municipal de habitantes, consta la inscripción de la persona solicitante en el domicilio indicado.',
  'La Tesorería municipal certifica que no existen deudas pendientes de pago en período ejecutivo a nombre del interesado.',
  'Los vecinos de la calle Mayor denuncian ruidos procedentes del local de ocio durante el horario nocturno.',
  'Se acuerda iniciar procedimiento sancionador por la presunta comisión de una infracción leve de la ordenanza de convivencia.',
  'Se propone la estimación parcial de la reclamación de responsabilidad patrimonial por los daños sufridos en la acera.',
  'El informe de la Secretaría General concluye que el procedimiento seguido se ajusta a la legislación aplicable.',
  'Se solicita la instalación de un vado permanente para el acceso de vehículos al garaje del inmueble.',
  'La subvención concedida deberá justificarse antes del 31 de diciembre mediante la presentación de las facturas.',
  'Se notifica a la persona interesada la apertura del trámite de audiencia por un plazo de quince días hábiles.',
  'El contrato de suministro se adjudica a la oferta económicamente más ventajosa según los criterios del pliego.',
  'La Junta de Gobierno Local, en sesión ordinaria, adopta por unanimidad el acuerdo que se transcribe.',
  'Se autoriza la ocupación de terrenos de uso público con mesas y sillas con finalidad lucrativa durante la temporada.',
  'Se desestima la solicitud por no reunir los requisitos establecidos en las bases de la convocatoria.',
  'Comprobada la documentación, se constata que el proyecto cumple la normativa urbanística del plan general.',
];

const NOMBRES_DOCUMENTO = [
  'Resolución',
  'Informe técnico',
  'Solicitud',
  'Notificación',
  'Requerimiento',
  'Decreto',
  'Acta',
];

/** Documents already prepared (their text indexed), so a rerun skips the generation. */
export async function documentosConTexto(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    `SELECT count(*)::integer AS n FROM documento_texto WHERE estado = 'indexado' AND texto IS NOT NULL`,
  );
  return rows[0]!.n;
}

/**
 * Adds `documentos` documents, two per expediente (the newest expedientes without documents first,
 * so a rerun asking for more adds to what is there), in batches; each statement inserts the rows
 * (the índice fields are well formed, their bytes are not stored: the benchmark never downloads
 * them) and fills their text and search vector, whose update fills the text's pieces (trigger of
 * migration 034). With `partes`, this call fills only the expedientes whose id leaves `parte` when
 * divided by `partes`, so that as many connections fill the rest at the same time.
 */
export async function prepararTextos(
  client: pg.Client,
  documentos: number,
  onProgress: (hechos: number) => void,
  { parte = 0, partes = 1 } = {},
): Promise<void> {
  const lote = 5_000;
  const [{ usuario }] = (await client.query<{ usuario: number }>(`SELECT min(id_usuario) AS usuario FROM usuario`))
    .rows as [{ usuario: number }];
  // Where the previous batch ended: each batch starts below it instead of skipping again, every time,
  // the expedientes already filled (a million documents took hours that way).
  let cursor: { fecha: string; id: number } | null = null;
  for (let desde = 0; desde < documentos; desde += lote) {
    const cuantos = Math.min(lote, documentos - desde);
    const destino: { id: number; fecha: string }[] = (
      await client.query<{ id: number; fecha: string }>(
        `SELECT e.id_expediente AS id, e.fecha_apertura::text AS fecha FROM expediente e
       WHERE e.id_expediente % $2 = $3
         AND ($4::timestamptz IS NULL OR (e.fecha_apertura, e.id_expediente) < ($4::timestamptz, $5::integer))
         AND NOT EXISTS (SELECT 1 FROM documento d WHERE d.id_expediente = e.id_expediente)
       ORDER BY e.fecha_apertura DESC, e.id_expediente DESC LIMIT $1`,
        [Math.ceil(cuantos / 2), partes, parte, cursor?.fecha ?? null, cursor?.id ?? null],
      )
    ).rows;
    if (destino.length === 0) break;
    cursor = destino.at(-1)!;
    await client.query('BEGIN');
    // Two documents per expediente, orden 1 and 2.
    await client.query(
      `WITH destino AS (
         SELECT * FROM unnest($1::integer[], $2::timestamptz[]) AS d(id_expediente, fecha_apertura)
       ),
       filas AS (
         SELECT d.id_expediente, o.orden, d.fecha_apertura,
                md5(random()::text) || md5(random()::text) AS huella,
                md5(random()::text) || md5(random()::text) AS hash_entrada
         FROM destino d CROSS JOIN generate_series(1, 2) AS o(orden)
       )
       INSERT INTO documento (id_expediente, orden, nombre, id_tipo_documental, fecha_incorporacion, tamano, formato,
                              mime, huella, clave_almacen, hash_anterior, hash_entrada, subido_por)
       SELECT f.id_expediente, f.orden,
              ($4::text[])[1 + (f.id_expediente + f.orden) % cardinality($4::text[])] || ' ' || f.id_expediente || '.pdf',
              (SELECT id FROM tipo_documental ORDER BY id LIMIT 1 OFFSET (f.orden % 3)),
              f.fecha_apertura + interval '1 day' * f.orden, 50000 + (f.id_expediente % 500) * 1000, 'PDF',
              'application/pdf', f.huella, gen_random_uuid(),
              CASE WHEN f.orden = 1 THEN NULL ELSE md5(f.id_expediente::text) || md5(f.id_expediente::text || 'x') END,
              f.hash_entrada, $3
       FROM filas f`,
      [destino.map((fila) => fila.id), destino.map((fila) => fila.fecha), usuario, NOMBRES_DOCUMENTO],
    );
    // The texts: 15 to 150 sentences (≈ 250 to 2.500 words), one in four naming people, streets,
    // companies, amounts and file numbers as real ones do (a vocabulary of tens of thousands of
    // words, most of them rare); the rare word in one of every RARA_CADA.
    await client.query(
      `UPDATE documento_texto dt
       SET texto = t.texto, vector = documento_vector(d.nombre, t.texto), estado = 'indexado',
           motivo = NULL, paginas = 1 + length(t.texto) / 3000, actualizado = now()
       FROM documento d,
            LATERAL (
              SELECT string_agg(
                       CASE WHEN random() < 0.25 THEN
                         format('Comparece %s %s %s, con domicilio en %s, %s, en representación de %s; importe de %s euros, referencia %s.',
                                ($3::text[])[1 + floor(random() * cardinality($3::text[]))::integer],
                                ($4::text[])[1 + floor(random() * cardinality($4::text[]))::integer],
                                ($4::text[])[1 + floor(random() * cardinality($4::text[]))::integer],
                                ($5::text[])[1 + floor(random() * cardinality($5::text[]))::integer],
                                floor(random() * 200)::integer,
                                ($6::text[])[1 + floor(random() * cardinality($6::text[]))::integer],
                                floor(random() * 100000)::integer,
                                md5(random()::text)::varchar(8))
                       ELSE ($1::text[])[1 + floor(random() * cardinality($1::text[]))::integer] END, ' ')
                     || CASE WHEN d.id_documento % $2 = 7 THEN ' Comparece doña Amaia ${PALABRA_RARA} Echeverría.' ELSE '' END
                       AS texto
              FROM generate_series(1, 15 + (d.id_documento::bigint * 7919) % 136) AS s
              WHERE s > 0 AND d.id_documento > 0
            ) t
       WHERE d.id_documento = dt.id_documento AND dt.estado = 'pendiente' AND dt.texto IS NULL`,
      [FRASES, RARA_CADA, NOMBRES, APELLIDOS, CALLES, EMPRESAS],
    );
    await client.query('COMMIT');
    onProgress(desde + cuantos);
  }
}

/**
 * After `prepararTextos`: their text is in place, so nothing is left for the extraction queue (the
 * benchmark's database holds only these documents), and the tables are vacuumed and analysed.
 */
export async function terminarTextos(client: pg.Client): Promise<void> {
  await client.query(`DELETE FROM trabajo WHERE cola = 'texto'`);
  // The expedientes too, as autovacuum leaves a settled database: a person's search lists the
  // documents of her unidades by index only, which needs the visibility map of the table.
  await client.query('VACUUM (ANALYZE) expediente, documento, documento_texto, documento_texto_trozo');
}
