import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const LOCK_FILE = 'observatory.lock';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes an exclusive lock on the embedded database's directory: two processes
 * writing one PGlite directory corrupt it. A lock left by a process that died
 * (killed, crashed) is taken over. Returns the release function.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const mine = JSON.stringify({ pid: process.pid, host: os.hostname(), since: new Date().toISOString() });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, mine, { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(file, 'utf8') === mine) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readHolder(file);
      if (holder && holder.host === os.hostname() && !isAlive(holder.pid)) {
        fs.rmSync(file, { force: true });
        continue;
      }
      const who = holder ? `process ${holder.pid} on ${holder.host} (since ${holder.since})` : 'another process';
      throw new Error(
        `The database directory ${dir} is in use by ${who}. ` +
          'Only one process may open the embedded database: stop the other one first ' +
          `(if none is running, delete ${file}).`,
      );
    }
  }
  throw new Error(`Could not lock ${dir}`);
}

function readHolder(file: string): { pid: number; host: string; since: string } | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}
