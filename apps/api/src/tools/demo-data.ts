import type { Database } from '../db/database';

const NOMBRES = [
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

const APELLIDOS = [
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

const EMPRESAS = [
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

const CALLES = [
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
  ['Queja o reclamo', 'Queja por ruidos nocturnos en %s'],
  ['Queja o reclamo', 'Reclamación por daños en la acera de %s'],
  ['Queja o reclamo', 'Queja por el estado del alumbrado público en %s'],
  ['Queja o reclamo', 'Reclamación por cobro indebido de tasa de basuras'],
  ['Queja o reclamo', 'Queja por la atención recibida en la oficina de registro'],
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

export interface SeedDemoOptions {
  expedientes: number;
  /** Rows per statement. */
  batchSize?: number;
  /** Years back from today over which the opening dates spread. */
  years?: number;
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

  await ensureDemoUsers(db);

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

/** A few assignable people when hardly anyone has signed in yet. */
async function ensureDemoUsers(db: Database): Promise<void> {
  const [row] = await db.query<{ total: number }>('SELECT count(*)::integer AS total FROM usuario');
  if ((row?.total ?? 0) >= 3) return;
  for (const [sub, username, nombres, apellidos] of USUARIOS_DEMO) {
    await db.query(
      `INSERT INTO usuario (sub, username, nombres, apellidos, roles, ultimo_acceso)
       VALUES ($1, $2, $3, $4, ARRAY['gestor'], now())
       ON CONFLICT (sub) DO NOTHING`,
      [sub, username, nombres, apellidos],
    );
  }
}

// $1 from, $2 to (exclusive), $3 total, $4 years, $5 nombres, $6 apellidos, $7 empresas, $8 calles,
// $9 tipo of each asunto template, $10 asunto templates, $11 descripciones.
const GENERAR_LOTE = `
WITH parametros AS (
  SELECT now() - make_interval(years => $4::integer) AS inicio,
         -- The real span: a year interval's epoch counts 365.25 days, which would put the last rows
         -- hours in the future.
         extract(epoch FROM now() - (now() - make_interval(years => $4::integer))) / $3::integer AS paso,
         (SELECT array_agg(id_usuario ORDER BY id_usuario) FROM usuario) AS usuarios,
         (SELECT array_agg(id ORDER BY id) FROM unidad) AS unidades
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
         n.unidades[1 + floor(random() * cardinality(n.unidades))::integer],
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
             'B' || lpad(floor(random() * 10000000)::integer::text, 7, '0') || floor(random() * 10)::integer::text
           WHEN n.r_documento < 0.15 THEN
             (SELECT substr('XYZ', 1 + (d / 10000000), 1) || lpad((d % 10000000)::text, 7, '0')
                     || substr('TRWAGMYFPDXBNJZSQVHLCKE', 1 + (d % 23), 1)
              FROM (SELECT floor(random() * 30000000)::integer + n.g * 0 AS d) AS nie)
           ELSE
             (SELECT lpad(d::text, 8, '0') || substr('TRWAGMYFPDXBNJZSQVHLCKE', 1 + (d % 23), 1)
              FROM (SELECT floor(random() * 100000000)::integer + n.g * 0 AS d) AS dni)
         END,
         CASE WHEN random() < 0.1 THEN NULL ELSE n.usuarios[1 + floor(random() * cardinality(n.usuarios))::integer] END,
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
  RETURNING id_expediente, numero, creado_por, fecha_apertura
)
INSERT INTO historial (id_expediente, id_usuario, evento, descripcion, creado_en)
SELECT id_expediente, creado_por, 'creacion', 'Creó el expediente ' || numero || '.', fecha_apertura
FROM nuevos`;
