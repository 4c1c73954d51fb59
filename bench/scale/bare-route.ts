/** Exists only in the benchmark's API: the same `authenticate` hook as every route, then `{ ok: true }`. */
export const BARE_ROUTE = '/api/bench/ok';
