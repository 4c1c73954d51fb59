/** Plain keep-alive HTTP from the driver, so the client adds as little as possible to what is measured. */
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

export interface Answer {
  status: number;
  body: Buffer;
  /** From sending the request to the last byte of the body. */
  ms: number;
}

export function get(base: string, token: string, pathAndQuery: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const request = http.get(new URL(pathAndQuery, base), { agent, headers: { authorization: `Bearer ${token}` } });
    request.on('error', reject);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks), ms: performance.now() - start }),
      );
    });
  });
}

/** The `data` of a successful JSON answer; anything else stops the benchmark with the API's message. */
export async function getData<T>(base: string, token: string, pathAndQuery: string): Promise<T> {
  const answer = await get(base, token, pathAndQuery);
  const text = answer.body.toString('utf8');
  if (answer.status !== 200) throw new Error(`GET ${pathAndQuery} → ${answer.status}: ${text.slice(0, 500)}`);
  return (JSON.parse(text) as { data: T }).data;
}
