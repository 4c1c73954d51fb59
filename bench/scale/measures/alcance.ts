/**
 * Visibility by unidad at scale: the list, a deep page, a search, Inicio's figures and the CSV
 * export for a person who sees one unidad (a few thousand expedientes of the million) and for one
 * who sees three. Their memberships are set here, on leaf unidades of the generated organisation.
 */
import { encodeCursor } from '@ecodigital/api/modules/expedientes/cursor';
import { withClient } from '../database';
import { getData } from '../http';
import { sequentialLatency, type Latency } from '../latency';
import { attempt, attemptMany, ms, numero, type Measure } from '../measure';
import { exportAgainstCopy, median } from './export';

const PAGE_SIZE = 20;
const SEARCH_WORD = 'Licencia';

interface Context {
  base: string;
  tokenFor(username: string): Promise<string>;
  databaseUrl: string;
  apiPid: number;
  counts: { warmup: number; requests: number };
  exportRuns: number;
}

interface Persona {
  /** Who they are in the table. */
  quien: string;
  username: string;
  unidades: number[];
  filas: number;
}

export async function measureAlcance(context: Context): Promise<Measure[]> {
  const personas = await assignUnidades(context.databaseUrl);
  const measures: Measure[] = [];
  for (const persona of personas) {
    measures.push(
      ...(await attemptMany(`Alcance ${persona.quien}`, '—', async () =>
        measurePersona(context, persona, await context.tokenFor(persona.username)),
      )),
    );
  }
  return measures;
}

/**
 * tesorera: the leaf unidad nearest to 5.000 expedientes; gestor: the three next to it. Set in
 * the database (and nothing else about them), so the measures always see the same rows.
 */
async function assignUnidades(databaseUrl: string): Promise<Persona[]> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ id: number; filas: number }>(
      `SELECT u.id, count(e.id_expediente)::integer AS filas
       FROM unidad u JOIN expediente e ON e.id_unidad = u.id
       WHERE NOT EXISTS (SELECT 1 FROM unidad h WHERE h.id_padre = u.id)
       GROUP BY u.id ORDER BY abs(count(e.id_expediente) - 5000), u.id LIMIT 4`,
    );
    if (rows.length < 4) throw new Error('la organización generada tiene menos de 4 unidades con expedientes');
    const personas: Persona[] = [
      { quien: 'de 1 unidad', username: 'tesorera', unidades: [rows[0]!.id], filas: 0 },
      { quien: 'de 3 unidades', username: 'gestor', unidades: rows.slice(1).map((row) => row.id), filas: 0 },
    ];
    for (const persona of personas) {
      await client.query(
        `DELETE FROM usuario_unidad WHERE id_usuario = (SELECT id_usuario FROM usuario WHERE username = $1)`,
        [persona.username],
      );
      await client.query(
        `INSERT INTO usuario_unidad (id_usuario, id_unidad)
         SELECT id_usuario, unnest($2::integer[]) FROM usuario WHERE username = $1`,
        [persona.username, persona.unidades],
      );
      const { rows: contadas } = await client.query<{ filas: number }>(
        `SELECT count(*)::integer AS filas FROM expediente e WHERE ${visibleSql(persona)}`,
      );
      persona.filas = contadas[0]!.filas;
    }
    return personas;
  });
}

/** What the API shows them: their unidades (leaves here); being responsable gives no sight of its own. */
function visibleSql(persona: Persona): string {
  const ids = persona.unidades.map((id) => Number(id)).join(',');
  return `e.id_unidad IN (${ids})`;
}

async function measurePersona(context: Context, persona: Persona, token: string): Promise<Measure[]> {
  const who = `persona ${persona.quien} (${numero(persona.filas, 0)} expedientes visibles)`;
  const timed = async (path: string) => {
    const data = await getData<{ total?: number }>(context.base, token, path);
    const latency = await sequentialLatency(context.base, token, path, context.counts);
    return { latency, data };
  };
  const row = (medida: string, latency: Latency, p: 'p95' | 'p99', goal: number, datos = {}): Measure => ({
    medida,
    valor: ms(latency[p]),
    base: '—',
    ratio: '—',
    objetivo: `≤ ${goal} ms`,
    cumple: latency[p] <= goal,
    datos: { ...latency, ...datos },
  });

  const firstPath = `/api/expedientes?pageSize=${PAGE_SIZE}`;
  const first = await timed(firstPath);
  const measures: Measure[] = [row(`Lista, primera página, ${who}, p99`, first.latency, 'p99', 20)];

  measures.push(
    await attempt(`Lista, página profunda con cursor, ${who}, p99`, '≤ 2 × primera página', async () => {
      const { claves, pagina } = await lastPageCursor(context.databaseUrl, persona);
      const { latency } = await timed(`${firstPath}&page=${pagina}&cursor=${encodeCursor(claves)}`);
      const ratio = latency.p99 / first.latency.p99;
      return {
        medida: `Lista, página ${numero(pagina, 0)} de la ${who} (cursor), p99`,
        valor: ms(latency.p99),
        base: `${ms(first.latency.p99)} (su primera página)`,
        ratio: `${numero(ratio, 2)} ×`,
        objetivo: '≤ 2 ×',
        cumple: ratio <= 2,
        datos: { ...latency, pagina, ratio },
      };
    }),
  );
  const search = await timed(`${firstPath}&q=${encodeURIComponent(SEARCH_WORD)}`);
  measures.push(
    row(`Búsqueda q «${SEARCH_WORD}», ${who}, p95`, search.latency, 'p95', 50, { total: search.data.total ?? 0 }),
  );
  const cifras = await timed('/api/inicio/cifras');
  measures.push(row(`Cifras de Inicio, ${who}, p95`, cifras.latency, 'p95', 50));

  measures.push(
    await attempt(`Exportación CSV, ${who}`, '≤ 3 ×', async () => {
      const { copies, exports } = await exportAgainstCopy(
        {
          base: context.base,
          token,
          databaseUrl: context.databaseUrl,
          apiPid: context.apiPid,
          runs: context.exportRuns,
        },
        { query: '', where: visibleSql(persona), filas: persona.filas },
      );
      const copySeconds = median(copies.map((copy) => copy.seconds));
      const exportSeconds = median(exports.map((exported) => exported.seconds));
      const ratio = exportSeconds / copySeconds;
      return {
        medida: `Exportación CSV de sus ${numero(persona.filas, 0)} expedientes, ${who} (mediana de ${context.exportRuns})`,
        valor: `${numero(exportSeconds * 1000, 1)} ms`,
        base: `${numero(copySeconds * 1000, 1)} ms (COPY de las mismas filas)`,
        ratio: `${numero(ratio, 2)} ×`,
        objetivo: '≤ 3 ×',
        cumple: ratio <= 3,
        datos: { filas: persona.filas, segundos: exportSeconds, base_segundos: copySeconds, ratio },
      };
    }),
  );
  return measures;
}

/** The cursor of the row before their last full page, in the list's default order, and that page's number. */
async function lastPageCursor(databaseUrl: string, persona: Persona): Promise<{ claves: string[]; pagina: number }> {
  const pagina = Math.max(2, Math.floor(persona.filas / PAGE_SIZE));
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ fecha: string; id: number }>(
      `SELECT fecha_apertura::text AS fecha, id_expediente AS id FROM expediente e WHERE ${visibleSql(persona)}
       ORDER BY fecha_apertura DESC, id_expediente DESC OFFSET $1 LIMIT 1`,
      [(pagina - 1) * PAGE_SIZE - 1],
    );
    return { claves: [rows[0]!.fecha, String(rows[0]!.id)], pagina };
  });
}
