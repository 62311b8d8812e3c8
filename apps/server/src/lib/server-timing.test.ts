import { describe, expect, it } from 'vitest';
import { cpuOfServerTiming, serverTiming } from './server-timing.js';

describe('Server-Timing', () => {
  it('reports user and system CPU together, in milliseconds', () => {
    expect(serverTiming({ user: 1500, system: 250 })).toBe('cpu;dur=1.75');
  });

  it('is read back, beside other entries, and absent is null', () => {
    expect(cpuOfServerTiming(serverTiming({ user: 12_345, system: 0 }))).toBe(12.35);
    expect(cpuOfServerTiming('db;dur=3, cpu;desc="server";dur=4.5')).toBe(4.5);
    expect(cpuOfServerTiming('db;dur=3')).toBeNull();
    expect(cpuOfServerTiming(null)).toBeNull();
  });
});
