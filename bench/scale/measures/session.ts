/**
 * `GET /api/session/get` throughput against a bare authenticated route of the same server (token
 * verification and nothing else), in alternating slots.
 */
import autocannon from 'autocannon';
import { BARE_ROUTE } from '../bare-route';
import { numero, type Measure } from '../measure';

const CONNECTIONS = 50;
const GOAL_RATIO = 0.5;
/** Short alternating slots, so a burst of load from elsewhere on the machine hits both routes alike. */
const SLOT_SECONDS = 2;

export async function measureSession(base: string, token: string, seconds: number): Promise<Measure> {
  const bare = `${base}${BARE_ROUTE}`;
  const session = `${base}/api/session/get`;
  await load(bare, token, 2);
  await load(session, token, 2);
  const totals = { bare: { ok: 0, seconds: 0 }, session: { ok: 0, seconds: 0 } };
  const rounds = Math.max(1, Math.round(seconds / SLOT_SECONDS));
  for (let round = 0; round < rounds; round++) {
    add(totals.bare, await load(bare, token, seconds / rounds));
    add(totals.session, await load(session, token, seconds / rounds));
  }
  const bareRate = totals.bare.ok / totals.bare.seconds;
  const sessionRate = totals.session.ok / totals.session.seconds;
  const ratio = sessionRate / bareRate;
  return {
    medida: `GET /api/session/get (autocannon, ${CONNECTIONS} conexiones)`,
    valor: `${numero(sessionRate, 0)} pet./s`,
    base: `${numero(bareRate, 0)} pet./s (ruta autenticada vacía)`,
    ratio: numero(ratio, 2),
    objetivo: `≥ ${numero(GOAL_RATIO, 1)}`,
    cumple: ratio >= GOAL_RATIO,
    datos: {
      peticiones_s: sessionRate,
      base_peticiones_s: bareRate,
      ratio,
      conexiones: CONNECTIONS,
      segundos: seconds,
    },
  };
}

interface Load {
  ok: number;
  seconds: number;
}

const add = (total: Load, load: Load) => {
  total.ok += load.ok;
  total.seconds += load.seconds;
};

/** Requests answered 2xx during about `seconds`; any other answer stops the benchmark. */
async function load(url: string, token: string, seconds: number): Promise<Load> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { authorization: `Bearer ${token}` },
  });
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(
      `${url}: ${result.non2xx} respuestas no 2xx, ${result.errors} errores, ${result.timeouts} tiempos agotados.`,
    );
  }
  return { ok: result['2xx'], seconds: result.duration };
}
