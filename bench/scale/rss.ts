import { readFileSync } from 'node:fs';

/** Resident set size of a process, in bytes, from /proc/<pid>/status. */
export function readRss(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`No se pudo leer VmRSS del proceso ${pid}.`);
  return Number(match[1]) * 1024;
}

/** Samples the RSS every `intervalMs` until `stop()`, which answers the highest value seen. */
export function sampleRss(pid: number, intervalMs = 10): { stop(): number } {
  let peak = readRss(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, readRss(pid));
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, readRss(pid));
    },
  };
}
