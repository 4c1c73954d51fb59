import { readFileSync } from 'node:fs';
import { open, readFile, rename, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';

/**
 * PGlite has no postmaster: two processes can open one data folder, both accept writes, and the
 * last to stop overwrites the other's. A lock file next to the folder keeps it to one process.
 *
 * The file names the holder (pid, its start time, host, command). A holder that no longer runs —
 * killed with -9, the machine restarted — leaves a stale file, which the next start takes over;
 * the start time tells a live holder from another process that got the same pid later.
 */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    readonly folder: string,
    readonly holder: LockHolder,
  ) {
    super(
      `La base de datos embebida de «${folder}» ya está abierta por otro proceso ` +
        `(pid ${holder.pid}${holder.command ? `, «${holder.command}»` : ''}). ` +
        'Deténgalo antes de arrancar otro, o use otra carpeta de datos (DATA_DIR).',
    );
  }
}

export interface LockHolder {
  pid: number;
  /** Clock ticks since boot (Linux `/proc/<pid>/stat`); absent elsewhere. */
  startTicks?: number;
  host: string;
  command: string;
  since: string;
}

export interface DataDirLock {
  readonly path: string;
  release(): Promise<void>;
}

export async function lockDataDir(folder: string): Promise<DataDirLock> {
  const path = `${folder}.lock`;
  const me: LockHolder = {
    pid: process.pid,
    startTicks: startTicksOf(process.pid),
    host: hostname(),
    command: process.argv.slice(1).join(' ').slice(0, 200),
    since: new Date().toISOString(),
  };
  const content = JSON.stringify(me);

  for (let attempt = 0; attempt < 5; attempt++) {
    if (await createExclusively(path, content)) {
      return {
        path,
        async release() {
          // Only our own lock: a stale-lock takeover by another process must not be undone.
          if ((await readFile(path, 'utf8').catch(() => '')) === content) await unlink(path).catch(() => {});
        },
      };
    }
    const existing = await readFile(path, 'utf8').catch(() => undefined);
    if (existing === undefined) continue; // released between our two calls
    const holder = parseHolder(existing);
    if (holder && isRunning(holder)) throw new DataDirLockedError(folder, holder);
    await takeOverStale(path, existing);
  }
  throw new Error(`No se pudo tomar el cerrojo de la base de datos embebida (${path}).`);
}

async function createExclusively(path: string, content: string): Promise<boolean> {
  try {
    const file = await open(path, 'wx');
    try {
      await file.writeFile(content);
      await file.sync();
    } finally {
      await file.close();
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Moves the stale file aside before deleting it, and deletes only if what was moved is what was
 * judged stale: two processes starting together after a crash must not delete each other's new lock.
 */
async function takeOverStale(path: string, judgedStale: string): Promise<void> {
  const aside = `${path}.${process.pid}.${Date.now()}`;
  try {
    await rename(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = await readFile(aside, 'utf8').catch(() => undefined);
  if (moved === judgedStale) {
    await unlink(aside).catch(() => {});
  } else {
    // Another process took the lock in between: put its file back where it belongs.
    await rename(aside, path).catch(() => {});
  }
}

function parseHolder(text: string): LockHolder | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    if (typeof value.pid !== 'number' || !Number.isInteger(value.pid) || value.pid <= 0) return undefined;
    return {
      pid: value.pid,
      startTicks: typeof value.startTicks === 'number' ? value.startTicks : undefined,
      host: typeof value.host === 'string' ? value.host : '',
      command: typeof value.command === 'string' ? value.command : '',
      since: typeof value.since === 'string' ? value.since : '',
    };
  } catch {
    // A torn or foreign file: nobody can be holding it through us.
    return undefined;
  }
}

function isRunning(holder: LockHolder): boolean {
  // Another machine sharing the folder (NFS): its processes cannot be checked from here.
  if (holder.host && holder.host !== hostname()) return true;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const ticks = startTicksOf(holder.pid);
  return holder.startTicks === undefined || ticks === undefined || ticks === holder.startTicks;
}

/** Field 22 of `/proc/<pid>/stat`; the command name (field 2) may hold spaces and parentheses. */
function startTicksOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const afterName = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(afterName[19]);
    return Number.isFinite(ticks) ? ticks : undefined;
  } catch {
    return undefined;
  }
}
