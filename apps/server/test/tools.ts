import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, it } from 'vitest';

/**
 * Tests that run a real third-party reader (GDAL, biber, pybtex, Python's csv module).
 * On a machine without the tool its tests are skipped with a message naming the Debian
 * package; under CI=true they fail instead (.ci/run installs the packages).
 */

/** Whether `command` runs here (answers `--version` or `args`). */
export function hasCommand(command: string, args: string[] = ['--version']): boolean {
  const run = spawnSync(command, args, { stdio: 'ignore' });
  return !run.error && run.status === 0;
}

/**
 * describe() when the tool is here; otherwise a skipped describe naming the package, or,
 * under CI=true, one failing test saying what is missing.
 */
export function describeWithTool(tool: { command: string; args?: string[]; debianPackage: string }, name: string, body: () => void): void {
  if (hasCommand(tool.command, tool.args)) {
    describe(name, body);
    return;
  }
  const missing = `${tool.command} is not installed: apt-get install ${tool.debianPackage}`;
  if (process.env.CI === 'true') {
    describe(name, () => {
      it(`needs ${tool.command}`, () => {
        throw new Error(missing);
      });
    });
    return;
  }
  console.warn(`Skipping “${name}”: ${missing}`);
  // The one deliberate skip: a developer's machine without the Debian package (CI=true fails above instead).
  describe.skip(`${name} (skipped: ${missing})`, body);
}

/** Runs a tool on stdin, answering its exit status and output. */
export function runTool(command: string, args: string[], input?: string | Buffer): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(command, args, { input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.error) throw run.error;
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

export const GDAL = { command: 'ogrinfo', args: ['--version'], debianPackage: 'gdal-bin' };
export const BIBER = { command: 'biber', args: ['--version'], debianPackage: 'biber' };
/** Debian's python3-pybtex is a module of Debian's Python: a python3 found first on the PATH (pyenv's) may not see it. */
const DEBIAN_PYTHON = fs.existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
export const PYBTEX = { command: DEBIAN_PYTHON, args: ['-c', 'import pybtex'], debianPackage: 'python3-pybtex' };
export const PYTHON = { command: 'python3', args: ['--version'], debianPackage: 'python3' };
