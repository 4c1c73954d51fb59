import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../../shared/jobs/testing/job-test-kit';
import { conLimites, limitarCpu, memoriaDelArbol } from './limites-proceso';
import { pdfConTexto, pdfDePaginaEnorme } from './testing/archivos-con-texto';

let dir: string;
const procesos: ChildProcess[] = [];
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'limites-'));
});
afterAll(async () => {
  for (const proceso of procesos) {
    try {
      process.kill(-proceso.pid!, 'SIGKILL');
    } catch {
      proceso.kill('SIGKILL');
    }
  }
  await rm(dir, { recursive: true, force: true });
});

const salida = (proceso: ChildProcess) =>
  new Promise<NodeJS.Signals | null>((resolve) => proceso.once('exit', (_codigo, senal) => resolve(senal)));

/** What pdftoppm draws of page 1 of `pdf` at `lado` × `lado` pixels under `memoriaMb`. */
async function dibujar(pdf: Buffer, lado: number, memoriaMb: number): Promise<{ width?: number; height?: number }> {
  const ruta = path.join(dir, `${lado}-${memoriaMb}.pdf`);
  await writeFile(ruta, pdf);
  const { comando, argumentos } = await conLimites(
    'pdftoppm',
    ['-f', '1', '-l', '1', '-scale-to-x', String(lado), '-scale-to-y', String(lado), '-gray', '-png', ruta],
    { memoriaMb, cpuS: 60 },
  );
  const png = await new Promise<Buffer>((resolve, reject) =>
    execFile(comando, argumentos, { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    ),
  );
  return png.length === 0 ? {} : sharp(png).metadata();
}

describe('limits of the processes an extraction runs', () => {
  it('counts the memory of every process a process started, not only its own', async () => {
    // A small process whose child holds 300 MB.
    const padre = spawn(
      process.execPath,
      [
        '-e',
        `const { spawn } = require('node:child_process');
         const hijo = spawn(process.execPath, ['-e', 'globalThis.b = Buffer.alloc(300 * 1024 * 1024, 1); console.log("listo"); setInterval(() => {}, 1000)'], { stdio: ['ignore', 'inherit', 'inherit'] });
         setInterval(() => {}, 1000);`,
      ],
      // A group of its own: killing the group ends the child too.
      { stdio: ['ignore', 'pipe', 'inherit'], detached: true },
    );
    procesos.push(padre);
    await new Promise<void>((resolve) => padre.stdout!.once('data', () => resolve()));
    const arbol = await memoriaDelArbol(padre.pid!);
    process.kill(-padre.pid!, 'SIGKILL');
    expect(arbol).toBeGreaterThan(300);
  });

  it('a tool under a memory limit cannot draw a page past it; within it, it draws the page whole', async () => {
    expect(await dibujar(await pdfConTexto(['Una hoja corriente']), 1654, 256)).toMatchObject({
      width: 1654,
      height: 1654,
    });
    const enorme = await dibujar(pdfDePaginaEnorme('escaneada'), 20_000, 256);
    expect(enorme.width ?? 0).toBeLessThan(20_000);
  });

  it('a process past its CPU time is stopped by the kernel, counted from what it had already used', async () => {
    const ocupado = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
    procesos.push(ocupado);
    const termina = salida(ocupado);
    await until(async () => (await cpuUsada(ocupado.pid!)) >= 1, 'the process to use a second of CPU');
    await limitarCpu(ocupado.pid!, 1);
    expect(await termina).toBe('SIGXCPU');
  });
});

/** CPU seconds `pid` has used, from /proc. */
async function cpuUsada(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const campos = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(campos[11]) + Number(campos[12])) / 100;
}
