import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { limitarCpu, memoriaDelArbol } from './limites-proceso';
import { ErrorDeExtraccion, type OpcionesExtraccion, type ResultadoExtraccion } from './resultado';
import { cifra } from '../../../shared/numeros';

export interface PeticionExtraccion {
  id: number;
  ruta: string;
  opciones: OpcionesExtraccion;
}

export type RespuestaExtraccion =
  | { id: number; ok: true; resultado: ResultadoExtraccion }
  | { id: number; ok: false; motivo: string; permanente: boolean; detalle: string };

export interface LimitesProceso {
  tiempoMaxMs: number;
  memoriaMaxMb: number;
  /** A process serves this many documents, then a fresh one takes over (no memory kept from old files). */
  documentosPorProceso?: number;
}

const VIGILANCIA_MS = 100;

/** Sources under tsx (development, tests), or the file esbuild writes beside `server.js`. */
function entrada(): { archivo: string; execArgv: string[] } {
  if (import.meta.url.endsWith('.ts')) {
    return {
      archivo: fileURLToPath(new URL('./proceso-extractor.ts', import.meta.url)),
      execArgv: ['--import', 'tsx'],
    };
  }
  return { archivo: fileURLToPath(new URL('./extractor.js', import.meta.url)), execArgv: [] };
}

/**
 * Extracts documents in a child process of its own, one at a time, within a time and a memory
 * limit that hold for the whole process group: the memory counted is the child's and that of
 * every process it started (pdftoppm), and past either limit the group is killed. A document
 * that broke a limit fails for good (it would break it again); the next one gets a fresh process.
 * The V8 heap is capped too, so JavaScript that runs away dies at once instead of growing until
 * the next look at its memory; the tools the child runs get rlimits of their own (`conLimites`).
 */
export class ExtractorAislado {
  #proceso: ChildProcess | undefined;
  #hechos = 0;
  #siguienteId = 1;
  #stderr = '';

  constructor(private readonly limites: LimitesProceso) {}

  #arrancar(): ChildProcess {
    const { archivo, execArgv } = entrada();
    const proceso = fork(archivo, [], {
      execArgv: [...execArgv, `--max-old-space-size=${this.limites.memoriaMaxMb}`],
      serialization: 'advanced',
      // Its own process group: killing the group also ends the tools it runs.
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    this.#stderr = '';
    proceso.stderr?.on('data', (chunk: Buffer) => {
      this.#stderr = (this.#stderr + chunk.toString('utf8')).slice(-4000);
    });
    proceso.on('error', () => {});
    this.#proceso = proceso;
    this.#hechos = 0;
    return proceso;
  }

  #matar(proceso: ChildProcess): void {
    if (this.#proceso === proceso) this.#proceso = undefined;
    if (proceso.pid === undefined || proceso.exitCode !== null || proceso.signalCode !== null) return;
    try {
      process.kill(-proceso.pid, 'SIGKILL');
    } catch {
      proceso.kill('SIGKILL');
    }
  }

  /** The last lines the process wrote to stderr (for the log when it dies). */
  get ultimoError(): string {
    return this.#stderr;
  }

  /**
   * `plazoMs`: how long this document may still take (the job's time limit minus what its download
   * took); `signal`: the job must stop (its lease was lost, the instance stops…): the process is
   * killed and the promise rejects with the signal's reason.
   */
  async extraer(
    ruta: string,
    opciones: OpcionesExtraccion,
    { plazoMs = this.limites.tiempoMaxMs, signal }: { plazoMs?: number; signal?: AbortSignal } = {},
  ): Promise<ResultadoExtraccion> {
    signal?.throwIfAborted();
    const proceso = this.#proceso ?? this.#arrancar();
    const id = this.#siguienteId++;
    const { tiempoMaxMs, memoriaMaxMb } = this.limites;
    // Its threads (OCR) may spend CPU faster than the clock runs: CPU time is bounded too.
    if (proceso.pid !== undefined) await limitarCpu(proceso.pid, tiempoMaxMs / 1000);
    try {
      return await new Promise<ResultadoExtraccion>((resolve, reject) => {
        const terminar = (error?: Error, resultado?: ResultadoExtraccion) => {
          clearTimeout(tiempo);
          clearInterval(vigilancia);
          signal?.removeEventListener('abort', alAbortar);
          proceso.off('message', alMensaje);
          proceso.off('exit', alSalir);
          if (error) reject(error);
          else resolve(resultado!);
        };
        const alAbortar = () => {
          this.#matar(proceso);
          terminar(signal!.reason as Error);
        };
        const alMensaje = (respuesta: RespuestaExtraccion) => {
          if (respuesta.id !== id) return;
          if (respuesta.ok) terminar(undefined, respuesta.resultado);
          else terminar(new RechazoDelProceso(respuesta.motivo, respuesta.permanente));
        };
        const alSalir = (_codigo: number | null, senal: NodeJS.Signals | null) => {
          if (senal === 'SIGXCPU') return terminar(limiteRoto(`superó ${cifra(tiempoMaxMs / 1000)} s de CPU`));
          if (/heap out of memory|Allocation failed/i.test(this.#stderr)) return terminar(limiteRoto(memoria));
          terminar(new ErrorDeExtraccion('El proceso de extracción terminó de forma inesperada.', false));
        };
        const memoria = `superó ${cifra(memoriaMaxMb)} MB de memoria`;
        const tiempo = setTimeout(
          () => {
            this.#matar(proceso);
            terminar(limiteRoto(`tardó más de ${cifra(tiempoMaxMs / 1000)} s`));
          },
          Math.max(0, plazoMs),
        );
        const vigilancia = setInterval(() => {
          if (proceso.pid === undefined) return;
          void memoriaDelArbol(proceso.pid).then((mb) => {
            if (mb === undefined || mb <= memoriaMaxMb) return;
            this.#matar(proceso);
            terminar(limiteRoto(memoria));
          });
        }, VIGILANCIA_MS);
        signal?.addEventListener('abort', alAbortar, { once: true });
        proceso.on('message', alMensaje);
        proceso.once('exit', alSalir);
        proceso.send({ id, ruta, opciones } satisfies PeticionExtraccion);
      });
    } catch (error) {
      // After a failure nothing of that file may linger in the next document's process; a file
      // the process itself refused (damaged, too many pages) left it as it was.
      if (!(error instanceof RechazoDelProceso)) this.#matar(proceso);
      throw error;
    } finally {
      this.#hechos++;
      if (this.#hechos >= (this.limites.documentosPorProceso ?? 200) && this.#proceso === proceso) this.cerrar();
    }
  }

  /** Ends the process (it closes its OCR worker and leaves when the channel closes). */
  cerrar(): void {
    const proceso = this.#proceso;
    this.#proceso = undefined;
    if (!proceso) return;
    if (proceso.connected) proceso.disconnect();
    // A process stuck in native code does not notice the channel closing.
    setTimeout(() => this.#matar(proceso), 5_000).unref();
    proceso.unref();
  }
}

/** The process answered that it cannot read the file (it stays usable for the next one). */
class RechazoDelProceso extends ErrorDeExtraccion {}

/** A limit was broken: killed, and not tried again at the same cost. */
const limiteRoto = (que: string) => new ErrorDeExtraccion(`La extracción ${que} y se detuvo.`, true);
