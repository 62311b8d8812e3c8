/**
 * Start-up of the built server (`apps/server/dist/bundle/server.js`, as `npm start` runs it) on
 * the embedded database, as a child process timed until GET /api/v1/health first answers
 * 200: wall time and the process's CPU (user and system of every thread, from
 * /proc/<pid>/stat). Cold: a new DATA_DIR without demo data; warm: the same directory
 * started again; and a cold start with the demo seed, whose seeding is reported apart
 * (its figures less the plain cold start's). Targets: warm at most 4 s wall and 3 s CPU,
 * cold at most 15 s CPU.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT_DIR } from '../src/config.js';

export const WARM_TARGET = { wallS: 4, cpuS: 3 };
export const COLD_TARGET_CPU_S = 15;
/** Linux counts a process's CPU in clock ticks of 1/100 s (USER_HZ). */
const TICKS_PER_SECOND = 100;
const READY_TIMEOUT_MS = 180_000;

interface Start {
  wallS: number;
  cpuS: number;
}

export interface StartupFigures {
  cold: Start;
  warm: Start;
  /** The demo seed's part of a cold start with it. */
  seed: Start;
}

/** The CPU seconds a process has used so far, all its threads. */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (in parentheses) may hold spaces: count fields after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND; // utime and stime, fields 14 and 15
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Starts the server on a data directory, waits for health, notes the figures, then stops it cleanly. */
async function timeStart(dataDir: string, seedDemo: boolean): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT_DIR, 'apps/server/dist/bundle/server.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: seedDemo ? 'on' : 'off',
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      ADMIN_PASSWORD: 'bench-admin-password',
      DEMO_PASSWORD: 'bench-demo-password',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    while (performance.now() - started < READY_TIMEOUT_MS) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) return { wallS: (performance.now() - started) / 1000, cpuS: cpuSeconds(child.pid!) };
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before it answered`);
      await sleep(50);
    }
    throw new Error(`the server did not answer within ${READY_TIMEOUT_MS / 1000} s`);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

export async function benchStartup(): Promise<StartupFigures | null> {
  if (!fs.existsSync(path.join(ROOT_DIR, 'apps/server/dist/bundle/server.js'))) {
    console.warn('\nstartup: apps/server/dist is missing; run `npm run build` first. Skipping the start-up figures.');
    return null;
  }
  if (!fs.existsSync('/proc/self/stat')) {
    console.warn('\nstartup: no /proc to read a process CPU from (Linux only). Skipping the start-up figures.');
    return null;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'observatory-bench-startup-'));
  try {
    const plain = path.join(dir, 'plain');
    const cold = await timeStart(plain, false);
    const warm = await timeStart(plain, false);
    const demo = await timeStart(path.join(dir, 'demo'), true);
    return { cold, warm, seed: { wallS: demo.wallS - cold.wallS, cpuS: demo.cpuS - cold.cpuS } };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function printStartup(figures: StartupFigures): void {
  const line = (start: Start) => `${start.wallS.toFixed(1)} s wall, ${start.cpuS.toFixed(1)} s CPU`;
  const within = (ok: boolean) => (ok ? 'within' : 'OVER');
  const { cold, warm, seed } = figures;
  console.log('\nstart-up of the built server, embedded database (until health answers)');
  console.log(`cold (new DATA_DIR, no demo data): ${line(cold)} (${within(cold.cpuS <= COLD_TARGET_CPU_S)} the ${COLD_TARGET_CPU_S} s CPU target)`);
  const warmOk = warm.wallS <= WARM_TARGET.wallS && warm.cpuS <= WARM_TARGET.cpuS;
  console.log(`warm (the same DATA_DIR again):    ${line(warm)} (${within(warmOk)} the ${WARM_TARGET.wallS} s wall, ${WARM_TARGET.cpuS} s CPU target)`);
  console.log(`the demo seed, apart:              ${line(seed)}`);
}
