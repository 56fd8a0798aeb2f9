// The machine a report was made on: figures from different machines are not comparable.
import os from 'node:os';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  os: string;
  loadAverage: string;
}

export function describeMachine(): Machine {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    // Other work on the machine skews timings; the 1/5/15-minute load says how busy it was.
    loadAverage: os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' '),
  };
}
