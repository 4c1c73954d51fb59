import { execFile } from 'node:child_process';
import { access, constants, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Limits of the kernel (rlimits) for the tools an extraction runs, and the memory of a whole
 * process tree. Linux only: elsewhere the tools run without rlimits and the memory is unknown.
 */

/** What a tool (pdftoppm) may use: its address space and its CPU time, enforced by the kernel. */
export interface LimitesHerramienta {
  memoriaMb: number;
  cpuS: number;
}

let prlimit: Promise<string | undefined> | undefined;

/** util-linux's `prlimit` (in every Debian: util-linux is essential), found once on the PATH. */
function rutaPrlimit(): Promise<string | undefined> {
  prlimit ??= (async () => {
    for (const carpeta of (process.env.PATH ?? '/usr/bin:/bin').split(path.delimiter)) {
      const ruta = path.join(carpeta, 'prlimit');
      if (
        await access(ruta, constants.X_OK).then(
          () => true,
          () => false,
        )
      )
        return ruta;
    }
    return undefined;
  })();
  return prlimit;
}

/**
 * The command line that runs `comando` under `limites`: past its address space the tool cannot
 * allocate (pdftoppm then draws nothing), past its CPU time the kernel stops it (SIGXCPU). The
 * limits outlive whoever started it: a tool left behind by a process that died still ends.
 */
export async function conLimites(
  comando: string,
  argumentos: string[],
  limites: LimitesHerramienta,
): Promise<{ comando: string; argumentos: string[] }> {
  const ruta = await rutaPrlimit();
  if (!ruta) return { comando, argumentos };
  return {
    comando: ruta,
    argumentos: [
      `--as=${Math.round(limites.memoriaMb * 1024 * 1024)}`,
      `--cpu=${Math.max(1, Math.ceil(limites.cpuS))}`,
      '--',
      comando,
      ...argumentos,
    ],
  };
}

/** Resident memory of `pid` and of every process below it (what it started, and what those started), in MB. */
export async function memoriaDelArbol(pid: number): Promise<number | undefined> {
  const propia = await memoriaResidenteKb(pid);
  if (propia === undefined) return undefined;
  let kb = propia;
  const pendientes = await hijos(pid);
  const vistos = new Set([pid]);
  while (pendientes.length > 0) {
    const hijo = pendientes.pop()!;
    if (vistos.has(hijo)) continue;
    vistos.add(hijo);
    kb += (await memoriaResidenteKb(hijo)) ?? 0;
    pendientes.push(...(await hijos(hijo)));
  }
  return kb / 1024;
}

async function memoriaResidenteKb(pid: number): Promise<number | undefined> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => undefined);
  const kb = status && /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
  return kb ? Number(kb) : undefined;
}

/** The children of every thread of `pid` (a process that ended has none). */
async function hijos(pid: number): Promise<number[]> {
  const hilos = await readdir(`/proc/${pid}/task`).catch(() => [] as string[]);
  const listas = await Promise.all(
    hilos.map((hilo) => readFile(`/proc/${pid}/task/${hilo}/children`, 'utf8').catch(() => '')),
  );
  return listas.flatMap((lista) => lista.split(/\s+/).filter(Boolean).map(Number));
}

/** Linux counts CPU time in /proc in units of 1/100 s (USER_HZ) on every architecture it runs on. */
const TICS_POR_SEGUNDO = 100;

/**
 * From now on, `pid` may use `segundos` more of CPU time: its RLIMIT_CPU becomes what it has used
 * plus that (the kernel sends SIGXCPU past it). For a process that serves one document after another.
 */
export async function limitarCpu(pid: number, segundos: number): Promise<void> {
  const ruta = await rutaPrlimit();
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  if (!ruta || !stat) return;
  // Fields after the command name, which is in parentheses and may hold anything.
  const campos = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const usados = (Number(campos[11]) + Number(campos[12])) / TICS_POR_SEGUNDO;
  if (!Number.isFinite(usados)) return;
  const blando = Math.ceil(usados + segundos);
  await new Promise<void>((resolve) => {
    execFile(ruta, ['--pid', String(pid), `--cpu=${blando}:${blando + 5}`], () => resolve());
  });
}
