import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.join(import.meta.dirname, '..', '..');
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');

/** The projects `npm run typecheck` builds, read from its `typecheck:*` scripts (`tsc -b <project>`). */
async function typecheckedProjects(): Promise<string[]> {
  const { scripts } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  return Object.entries(scripts)
    .filter(([name]) => name.startsWith('typecheck:'))
    .map(([, command]) => {
      const project = /^tsc -b (\S+)$/.exec(command)?.[1];
      if (!project) throw new Error(`«${command}» is not «tsc -b <project>»`);
      return project;
    });
}

/**
 * `tsc -b` decides a project is up to date by the times of its input files: the files its
 * `include` names. A file it imports from another workspace that `include` does not name would be
 * read, but a change to it would leave the project «up to date» with stale results.
 */
describe('typecheck inputs', async () => {
  const projects = await typecheckedProjects();

  it('every project is built by `tsc -b`', () => {
    expect(projects.length).toBeGreaterThanOrEqual(7);
  });

  it.concurrent.each(projects)(
    '%s: every source file the program reads is one of its inputs',
    async (project) => {
      const dir = path.join(root, project);
      const [{ stdout: config }, { stdout: list }] = await Promise.all([
        run(process.execPath, [tsc, '-p', dir, '--showConfig'], { maxBuffer: 64 * 1024 * 1024 }),
        run(process.execPath, [tsc, '-p', dir, '--listFilesOnly'], { maxBuffer: 64 * 1024 * 1024 }),
      ]);
      const inputs = new Set((JSON.parse(config) as { files: string[] }).files.map((file) => path.resolve(dir, file)));
      const read = list
        .split('\n')
        .map((line) => line.trim())
        .filter((file) => file && !file.split(path.sep).includes('node_modules'));
      expect(read.length).toBeGreaterThan(0);
      expect(read.filter((file) => !inputs.has(path.resolve(file))).map((file) => path.relative(root, file))).toEqual(
        [],
      );
      // Each project's program is read twice: minutes on a loaded machine.
    },
    300_000,
  );
});
