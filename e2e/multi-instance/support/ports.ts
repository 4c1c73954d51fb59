/** Fixed ports of the multi-instance test, apart from `npm start` (3000, 8080) and the e2e stack (3900, 8990). */
const base = Number(process.env.MULTI_PORT_BASE ?? 4150);

export const MULTI_PORTS = {
  idp: Number(process.env.MULTI_IDP_PORT ?? 8150),
  apiA: base,
  apiB: base + 1,
  /** nginx: both instances, round robin. */
  balanced: base + 2,
  /** nginx: only instance A / only instance B, so a request can be sent to a given one. */
  pinnedA: base + 3,
  pinnedB: base + 4,
};
