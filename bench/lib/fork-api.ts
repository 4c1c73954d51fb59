import { fork, type ChildProcess } from 'node:child_process';

export interface ForkedApi {
  child: ChildProcess;
  port: number;
}

/**
 * Runs a benchmark's API server script in its own process (so its memory and CPU can be read
 * apart from the client's) and resolves once the script reports `{ type, port }` over IPC.
 */
export function forkApi(
  script: string,
  options: { cwd: string; env: NodeJS.ProcessEnv; execArgv?: string[] },
): Promise<ForkedApi> {
  const child = fork(script, {
    execArgv: ['--import', 'tsx', ...(options.execArgv ?? [])],
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`La API terminó al arrancar (código ${code}).`)));
    child.once('message', (message: { type: string; port: number }) => {
      child.removeAllListeners('exit');
      resolve({ child, port: message.port });
    });
  });
}
