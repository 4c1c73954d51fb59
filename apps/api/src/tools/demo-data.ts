import type { Database } from '../db/database';
import { RAIZ_DEMO, sembrarOrganizacionDemo } from '../demo/organizacion-demo';

export const NOMBRES = [
  'María',
  'Carmen',
  'Josefa',
  'Isabel',
  'Ana',
  'Laura',
  'Lucía',
  'Marta',
  'Cristina',
  'Elena',
  'Pilar',
  'Rosa',
  'Paula',
  'Sara',
  'Raquel',
  'Beatriz',
  'Nuria',
  'Silvia',
  'Irene',
  'Alba',
  'Antonio',
  'José',
  'Manuel',
  'Francisco',
  'David',
  'Juan',
  'Javier',
  'Daniel',
  'Carlos',
  'Miguel',
  'Alejandro',
  'Rafael',
  'Pedro',
  'Pablo',
  'Sergio',
  'Fernando',
  'Jorge',
  'Luis',
  'Alberto',
  'Álvaro',
  'Adrián',
  'Iñigo',
  'Begoña',
  'Montserrat',
  'Jordi',
];

export const APELLIDOS = [
  'García',
  'Rodríguez',
  'González',
  'Fernández',
  'López',
  'Martínez',
  'Sánchez',
  'Pérez',
  'Gómez',
  'Martín',
  'Jiménez',
  'Ruiz',
  'Hernández',
  'Díaz',
  'Moreno',
  'Muñoz',
  'Álvarez',
  'Romero',
  'Alonso',
  'Gutiérrez',
  'Navarro',
  'Torres',
  'Domínguez',
  'Vázquez',
  'Ramos',
  'Gil',
  'Ramírez',
  'Serrano',
  'Blanco',
  'Molina',
  'Morales',
  'Suárez',
  'Ortega',
  'Delgado',
  'Castro',
  'Ortiz',
  'Rubio',
  'Marín',
  'Sanz',
  'Núñez',
  'Iglesias',
  'Medina',
  'Garrido',
  'Cortés',
  'Castillo',
  'Santos',
  'Lozano',
  'Guerrero',
  'Cano',
  'Prieto',
  'Méndez',
  'Peña',
];

export const EMPRESAS = [
  'Construcciones Levante S.L.',
  'Limpiezas Integrales del Sur S.A.',
  'Talleres Hermanos Ruiz S.L.',
  'Asociación Vecinal San Isidro',
  'Comunidad de Propietarios Calle Mayor 12',
  'Cooperativa Agrícola La Vega',
  'Hostelería Plaza S.L.',
  'Fundación Cultural Alborada',
  'Transportes Ebro S.A.',
  'Farmacia Central C.B.',
];

export const CALLES = [
  'calle Mayor',
  'avenida de la Constitución',
  'plaza de España',
  'calle Real',
  'calle del Sol',
  'avenida de Andalucía',
  'calle San Fernando',
  'paseo de la Estación',
  'calle Nueva',
  'camino del Molino',
  'calle de la Iglesia',
  'ronda de Valencia',
  'calle Cervantes',
  'avenida de Europa',
  'calle Alcalá',
  'travesía del Carmen',
  'calle Ramón y Cajal',
  'plaza del Ayuntamiento',
  'calle Lope de Vega',
  'calle Goya',
];

/** Asunto templates (`%s` = a street) with the tipo each belongs to. */
const ASUNTOS: [tipo: string, plantilla: string][] = [
  ['Solicitud', 'Solicitud de vado permanente en %s'],
  ['Solicitud', 'Petición de certificado de empadronamiento'],
  ['Solicitud', 'Solicitud de ayuda para el alquiler de vivienda'],
  ['Solicitud', 'Solicitud de ocupación de vía pública con terraza en %s'],
  ['Solicitud', 'Petición de acceso a información pública'],
  ['Solicitud', 'Solicitud de subvención para actividades culturales'],
  ['Solicitud', 'Solicitud de tarjeta de estacionamiento para personas con discapacidad'],
  ['Queja o reclamación', 'Queja por ruidos nocturnos en %s'],
  ['Queja o reclamación', 'Reclamación por daños en la acera de %s'],
  ['Queja o reclamación', 'Queja por el estado del alumbrado público en %s'],
  ['Queja o reclamación', 'Reclamación por cobro indebido de tasa de basuras'],
  ['Queja o reclamación', 'Queja por la atención recibida en la oficina de registro'],
  ['Licencia', 'Licencia de obra menor en %s'],
  ['Licencia', 'Licencia de obra mayor para vivienda unifamiliar en %s'],
  ['Licencia', 'Licencia de apertura de actividad comercial en %s'],
  ['Licencia', 'Licencia de primera ocupación en %s'],
  ['Licencia', 'Licencia de tala de árbol en %s'],
  ['Contrato', 'Contrato de servicio de limpieza de edificios municipales'],
  ['Contrato', 'Contrato de suministro de material de oficina'],
  ['Contrato', 'Contrato de mantenimiento del alumbrado público'],
  ['Contrato', 'Contrato de obras de reurbanización de %s'],
  ['Recurso', 'Recurso de reposición contra sanción de tráfico'],
  ['Recurso', 'Recurso de alzada contra resolución de ayudas'],
  ['Recurso', 'Recurso contra liquidación del impuesto de plusvalía'],
  ['Otro', 'Comunicación de cambio de titularidad de actividad en %s'],
  ['Otro', 'Declaración responsable de inicio de obras en %s'],
  ['Otro', 'Aportación de documentación complementaria'],
];

const DESCRIPCIONES = [
  'Presentado por registro electrónico con la documentación requerida.',
  'La persona interesada aporta planos y memoria descriptiva.',
  'Pendiente de informe técnico del servicio correspondiente.',
  'Se adjunta justificante de pago de la tasa.',
  'Presentado en la oficina de atención ciudadana.',
  'Solicita notificación por medios electrónicos.',
];

const USUARIOS_DEMO = [
  ['demo-rmolina', 'rmolina', 'Rosa', 'Molina Serrano'],
  ['demo-jortega', 'jortega', 'Javier', 'Ortega Blanco'],
  ['demo-icastro', 'icastro', 'Irene', 'Castro Medina'],
  ['demo-pnavarro', 'pnavarro', 'Pablo', 'Navarro Gil'],
  ['demo-emarin', 'emarin', 'Elena', 'Marín Cano'],
];

/** Subjects of the generated unidades («Negociado de …»), under the demo organisation's areas. */
const MATERIAS = [
  'Obras Menores',
  'Obras Mayores',
  'Actividades',
  'Disciplina Urbanística',
  'Padrón',
  'Estadística',
  'Multas',
  'Tasas',
  'Plusvalías',
  'IBI',
  'Subvenciones',
  'Nóminas',
  'Selección de Personal',
  'Patrimonio',
  'Cementerio',
  'Mercados',
  'Medio Ambiente',
  'Vados',
  'Ocupación de Vía Pública',
  'Responsabilidad Patrimonial',
];

/**
 * The staff: about one person per this many expedientes (1.000 people at a million), so each is
 * the responsable of hundreds, as in an office, not of a tenth of the archive.
 */
const EXPEDIENTES_POR_PERSONA = 1_000;

/** About this many expedientes per unidad: 200 unidades at a million, as the scale benchmark assumes. */
const EXPEDIENTES_POR_UNIDAD = 5_000;
const MAX_UNIDADES = 200;

export interface SeedDemoOptions {
  expedientes: number;
  /** Rows per statement. */
  batchSize?: number;
  /** Years back from today over which the opening dates spread. */
  years?: number;
  /** Unidades the organisation grows to (default: one per 5.000 expedientes, at most 200). */
  unidades?: number;
  onProgress?: (done: number, total: number) => void;
}

/**
 * Fills the database with realistic Spanish expedientes, generated by PostgreSQL itself in batches
 * of set-based INSERT … SELECT. Opening dates grow with the row, so each year's numbers follow
 * the calendar and continue from `expediente_contador`, which is advanced in the same statement.
 * Each expediente gets its creacion event in the historial.
 */
export async function seedDemo(db: Database, options: SeedDemoOptions): Promise<void> {
  const total = options.expedientes;
  const batchSize = options.batchSize ?? 50_000;
  const years = options.years ?? 5;
  if (!Number.isInteger(total) || total < 1) throw new Error('El número de expedientes debe ser un entero positivo.');

  await ensureDemoUsers(db, Math.max(USUARIOS_DEMO.length, Math.ceil(total / EXPEDIENTES_POR_PERSONA)));
  await ensureOrganizacion(db, options.unidades ?? Math.min(MAX_UNIDADES, Math.ceil(total / EXPEDIENTES_POR_UNIDAD)));

  for (let from = 0; from < total; from += batchSize) {
    const to = Math.min(from + batchSize, total);
    await db.transaction((tx) =>
      tx.query(GENERAR_LOTE, [
        from,
        to,
        total,
        years,
        NOMBRES,
        APELLIDOS,
        EMPRESAS,
        CALLES,
        ASUNTOS.map(([tipo]) => tipo),
        ASUNTOS.map(([, plantilla]) => plantilla),
        DESCRIPCIONES,
      ]),
    );
    options.onProgress?.(to, total);
  }
  await db.exec('ANALYZE expediente; ANALYZE historial; ANALYZE expediente_contador;');
}

/**
 * The demo organisation, grown to `unidades` with «Negociado de …» sections under its areas, and
 * one to three unidades for each generated person who has none yet.
 */
async function ensureOrganizacion(db: Database, unidades: number): Promise<void> {
  await sembrarOrganizacionDemo(db);
  const [{ total } = { total: 0 }] = await db.query<{ total: number }>('SELECT count(*)::integer AS total FROM unidad');
  const areas = await db.query<{ id: number; nombre: string }>(
    `SELECT u.id, u.nombre FROM unidad u JOIN unidad raiz ON raiz.id = u.id_padre
     WHERE raiz.codigo = $1 AND u.activa ORDER BY u.id`,
    [RAIZ_DEMO],
  );
  for (let index = 0; index < unidades - total && areas.length; index++) {
    const area = areas[index % areas.length]!;
    const vuelta = Math.floor(index / MATERIAS.length);
    const nombre = `Negociado de ${MATERIAS[index % MATERIAS.length]}${vuelta ? ` ${vuelta + 1}` : ''}`;
    await db.query(
      `INSERT INTO unidad (codigo, nombre, id_padre) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING`,
      [`LA1${String(total + index).padStart(6, '0')}`, nombre, area.id],
    );
  }
  await db.query(
    `INSERT INTO usuario_unidad (id_usuario, id_unidad)
     SELECT p.id_usuario, u.id
     FROM usuario p
     CROSS JOIN LATERAL (
       SELECT id FROM unidad WHERE activa AND id_padre IS NOT NULL
       ORDER BY md5(p.id_usuario::text || id::text) LIMIT 1 + p.id_usuario % 3
     ) u
     WHERE p.sub LIKE 'demo-%' AND NOT EXISTS (SELECT 1 FROM usuario_unidad x WHERE x.id_usuario = p.id_usuario)
     ON CONFLICT DO NOTHING`,
  );
}

/**
 * The five named demo people and, past them, generated ones with Spanish names (`demo-gen-<n>`), up
 * to `personas` generated and named together; nothing is added when they are there already.
 */
async function ensureDemoUsers(db: Database, personas: number): Promise<void> {
  for (const [sub, username, nombres, apellidos] of USUARIOS_DEMO) {
    await db.query(
      `INSERT INTO usuario (sub, username, nombres, apellidos, roles, ultimo_acceso)
       VALUES ($1, $2, $3, $4, ARRAY['gestor'], now())
       ON CONFLICT (sub) DO NOTHING`,
      [sub, username, nombres, apellidos],
    );
  }
  await db.query(
    `INSERT INTO usuario (sub, username, nombres, apellidos, roles, ultimo_acceso)
     SELECT 'demo-gen-' || g, 'persona' || g,
            ($2::text[])[1 + (g * 7) % cardinality($2::text[])],
            ($3::text[])[1 + (g * 13) % cardinality($3::text[])] || ' ' || ($3::text[])[1 + (g * 31) % cardinality($3::text[])],
            ARRAY[CASE WHEN g % 4 = 0 THEN 'consulta' ELSE 'gestor' END], now() - make_interval(days => g % 60)
     FROM generate_series(1, $1::integer) AS g
     ON CONFLICT (sub) DO NOTHING`,
    [Math.max(0, personas - USUARIOS_DEMO.length), NOMBRES, APELLIDOS],
  );
}

// $1 from, $2 to (exclusive), $3 total, $4 years, $5 nombres, $6 apellidos, $7 empresas, $8 calles,
// $9 tipo of each asunto template, $10 asunto templates, $11 descripciones.
const GENERAR_LOTE = `
WITH RECURSIVE parametros AS (
  SELECT now() - make_interval(years => $4::integer) AS inicio,
         -- The real span: a year interval's epoch counts 365.25 days, which would put the last rows
         -- hours in the future.
         extract(epoch FROM now() - (now() - make_interval(years => $4::integer))) / $3::integer AS paso,
         (SELECT array_agg(id_usuario ORDER BY id_usuario) FROM usuario) AS usuarios,
         -- Expedientes belong to working unidades: below the root, still active.
         coalesce((SELECT array_agg(id ORDER BY id) FROM unidad WHERE activa AND id_padre IS NOT NULL),
                  (SELECT array_agg(id ORDER BY id) FROM unidad)) AS unidades
),
-- Who may answer for an expediente of each unidad: the people of it and of the unidades above it.
arbol(id_unidad, id) AS (
  SELECT id, id FROM unidad
  UNION
  SELECT arbol.id_unidad, u.id_padre FROM arbol JOIN unidad u ON u.id = arbol.id WHERE u.id_padre IS NOT NULL
),
miembros AS (
  SELECT arbol.id_unidad, array_agg(DISTINCT uu.id_usuario) AS ids
  FROM arbol JOIN usuario_unidad uu ON uu.id_unidad = arbol.id
  GROUP BY arbol.id_unidad
),
base AS (
  SELECT g,
         p.inicio + make_interval(secs => (g + random() * 0.999) * p.paso) AS fecha_apertura,
         1 + floor(random() * cardinality($10::text[]))::integer AS plantilla,
         random() AS r_estado, random() AS r_interesado, random() AS r_documento, random() AS r_cierre,
         p.usuarios, p.unidades
  FROM generate_series($1::integer, $2::integer - 1) AS g, parametros p
),
filas AS (
  SELECT b.*,
         b.unidades[1 + floor(random() * cardinality(b.unidades))::integer] AS id_unidad,
         extract(year FROM b.fecha_apertura AT TIME ZONE 'Europe/Madrid')::integer AS anio,
         CASE
           WHEN b.fecha_apertura < now() - interval '1 year' THEN
             CASE WHEN b.r_estado < 0.55 THEN 'archivado' WHEN b.r_estado < 0.90 THEN 'cerrado'
                  WHEN b.r_estado < 0.97 THEN 'en_tramite' ELSE 'abierto' END
           ELSE
             CASE WHEN b.r_estado < 0.25 THEN 'abierto' WHEN b.r_estado < 0.65 THEN 'en_tramite'
                  WHEN b.r_estado < 0.90 THEN 'cerrado' ELSE 'archivado' END
         END AS estado
  FROM base b
),
numeradas AS (
  SELECT f.*,
         row_number() OVER (PARTITION BY f.anio ORDER BY f.g) AS orden_anio,
         count(*) OVER (PARTITION BY f.anio) AS en_lote
  FROM filas f
),
contadores AS (
  INSERT INTO expediente_contador (anio, ultimo)
  SELECT anio, count(*) FROM filas GROUP BY anio
  ON CONFLICT (anio) DO UPDATE SET ultimo = expediente_contador.ultimo + EXCLUDED.ultimo
  RETURNING anio, ultimo
),
nuevos AS (
  INSERT INTO expediente (numero, asunto, descripcion, id_tipo, id_unidad, interesado_nombre,
                          interesado_documento, id_responsable, estado, fecha_apertura, fecha_cierre,
                          creado_por, actualizado_en, version)
  SELECT format('EXP-%s-%s', n.anio, lpad((c.ultimo - n.en_lote + n.orden_anio)::text, 6, '0')),
         format(($10::text[])[n.plantilla], ($8::text[])[1 + floor(random() * cardinality($8::text[]))::integer]),
         CASE WHEN random() < 0.4 THEN ($11::text[])[1 + floor(random() * cardinality($11::text[]))::integer] END,
         t.id,
         n.id_unidad,
         CASE
           WHEN n.r_interesado < 0.05 THEN NULL
           WHEN n.r_interesado < 0.15 THEN ($7::text[])[1 + floor(random() * cardinality($7::text[]))::integer]
           ELSE ($5::text[])[1 + floor(random() * cardinality($5::text[]))::integer] || ' '
             || ($6::text[])[1 + floor(random() * cardinality($6::text[]))::integer] || ' '
             || ($6::text[])[1 + floor(random() * cardinality($6::text[]))::integer]
         END,
         CASE
           WHEN n.r_interesado < 0.05 OR n.r_documento < 0.05 THEN NULL
           WHEN n.r_interesado < 0.15 THEN
             -- A sociedad anónima's CIF: seven digits and the control digit they give.
             (SELECT 'B' || c.s || ((10 - sum(CASE WHEN i % 2 = 0 THEN substr(c.s, i, 1)::integer
                                              ELSE (substr(c.s, i, 1)::integer * 2) / 10 + (substr(c.s, i, 1)::integer * 2) % 10
                                              END) % 10) % 10)::text
              FROM (SELECT lpad((floor(random() * 10000000)::integer + n.g * 0)::text, 7, '0') AS s) AS c,
                   generate_series(1, 7) AS i
              GROUP BY c.s)
           WHEN n.r_documento < 0.15 THEN
             (SELECT substr('XYZ', 1 + (d / 10000000), 1) || lpad((d % 10000000)::text, 7, '0')
                     || substr('TRWAGMYFPDXBNJZSQVHLCKE', 1 + (d % 23), 1)
              FROM (SELECT floor(random() * 30000000)::integer + n.g * 0 AS d) AS nie)
           ELSE
             (SELECT lpad(d::text, 8, '0') || substr('TRWAGMYFPDXBNJZSQVHLCKE', 1 + (d % 23), 1)
              FROM (SELECT floor(random() * 100000000)::integer + n.g * 0 AS d) AS dni)
         END,
         CASE WHEN random() < 0.1 OR m.ids IS NULL THEN NULL ELSE m.ids[1 + floor(random() * cardinality(m.ids))::integer] END,
         n.estado,
         n.fecha_apertura,
         CASE WHEN n.estado IN ('cerrado', 'archivado')
              THEN least(now(), n.fecha_apertura + make_interval(days => 5 + floor(n.r_cierre * 180)::integer)) END,
         n.usuarios[1 + floor(random() * cardinality(n.usuarios))::integer],
         CASE WHEN n.estado IN ('cerrado', 'archivado')
              THEN least(now(), n.fecha_apertura + make_interval(days => 5 + floor(n.r_cierre * 180)::integer))
              ELSE n.fecha_apertura END,
         1
  FROM numeradas n
  JOIN contadores c ON c.anio = n.anio
  JOIN tipo_expediente t ON t.nombre = ($9::text[])[n.plantilla]
  LEFT JOIN miembros m ON m.id_unidad = n.id_unidad
  RETURNING id_expediente, numero, creado_por, fecha_apertura
)
INSERT INTO historial (id_expediente, id_usuario, evento, descripcion, creado_en)
SELECT id_expediente, creado_por, 'creacion', 'Creó el expediente ' || numero || '.', fecha_apertura
FROM nuevos`;
