/** `a1b2c3…f9e8`: enough of a SHA-256 to recognise it at a glance; the full value is copied. */
export function shortenHash(hash: string, head = 6, tail = 4): string {
  if (hash.length <= head + tail + 1) return hash;
  return `${hash.slice(0, head)}…${hash.slice(-tail)}`;
}
