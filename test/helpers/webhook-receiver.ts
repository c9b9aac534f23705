// A real HTTP receiver on 127.0.0.1 for webhook tests: records every request and answers with the
// next status of a script (then 204 for the rest).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest { method: string; path: string; headers: http.IncomingHttpHeaders; body: string; at: number }

export interface Receiver {
  url: string;
  port: number;
  received: ReceivedRequest[];
  /** Statuses to answer, in order (0: never answer); once used up, 204. */
  script: number[];
  /** Scripts for single paths, used before the common one. */
  scriptFor: Record<string, number[]>;
  close(): Promise<void>;
}

export async function startReceiver(script: number[] = []): Promise<Receiver> {
  const received: ReceivedRequest[] = [];
  const state = { script: [...script] };
  const scriptFor: Record<string, number[]> = {};
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      received.push({ method: request.method!, path: request.url!, headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      const status = scriptFor[request.url!]?.shift() ?? state.script.shift() ?? 204;
      if (status === 0) return;
      if (status >= 300 && status < 400) response.setHeader('location', 'http://127.0.0.1:1/elsewhere');
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    scriptFor,
    get script() { return state.script; },
    set script(value: number[]) { state.script = [...value]; },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
