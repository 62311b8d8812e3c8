/**
 * The Server-Timing header of an answer: the server process's CPU (user and system) in
 * milliseconds while the request was handled, as `cpu;dur=1.23`. One request at a time
 * it is that request's own cost, steadier than its wall time on a shared machine; under
 * concurrent requests it includes theirs.
 */
export function serverTiming(cpu: NodeJS.CpuUsage): string {
  return `cpu;dur=${((cpu.user + cpu.system) / 1000).toFixed(2)}`;
}

/** The CPU milliseconds a Server-Timing header reports, or null without a `cpu` entry. */
export function cpuOfServerTiming(header: string | null | undefined): number | null {
  const match = /(?:^|,)\s*cpu;(?:[^,]*;)?\s*dur=([\d.]+)/.exec(header ?? '');
  return match ? Number(match[1]) : null;
}
