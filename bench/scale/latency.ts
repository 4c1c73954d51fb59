import { get } from './http';

export interface Latency {
  p50: number;
  p95: number;
  p99: number;
  requests: number;
}

/** Nearest-rank percentile of milliseconds. */
function percentile(sorted: readonly number[], p: number): number {
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1]!;
}

/** One request after another (no overlap), warm-up discarded; every answer must be 200. */
export async function sequentialLatency(
  base: string,
  token: string,
  pathAndQuery: string,
  counts: { warmup: number; requests: number },
): Promise<Latency> {
  const times: number[] = [];
  for (let index = 0; index < counts.warmup + counts.requests; index++) {
    const answer = await get(base, token, pathAndQuery);
    if (answer.status !== 200) {
      throw new Error(`GET ${pathAndQuery} → ${answer.status}: ${answer.body.toString('utf8').slice(0, 500)}`);
    }
    if (index >= counts.warmup) times.push(answer.ms);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), requests: times.length };
}
