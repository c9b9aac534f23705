// HTTP written byte by byte on a socket: for what app.inject cannot show (Node's parser limits,
// timeouts) and what a well-behaved client never sends (bodies cut short, pauses mid-body).
import net from 'node:net';

export interface RawResponse { status: number; headers: Record<string, string>; body: string; closedAfterMs: number }

export interface RawRequest {
  head: string;
  /** Chunks written one after the other, `pauseMs` apart. */
  body?: Buffer[];
  pauseMs?: number;
}

/** Sends the request and resolves with the first response once the server closes the connection. */
export function rawRequest(port: number, request: RawRequest, timeoutMs = 10_000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms (received: ${Buffer.concat(chunks).toString().slice(0, 200)})`));
    }, timeoutMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ ...parse(Buffer.concat(chunks).toString('utf8')), closedAfterMs: Date.now() - started });
    });
    void (async () => {
      socket.write(request.head);
      for (const [i, chunk] of (request.body ?? []).entries()) {
        if (i > 0) await new Promise((r) => setTimeout(r, request.pauseMs ?? 0));
        if (!socket.destroyed) socket.write(chunk);
      }
    })();
  });
}

function parse(raw: string): Omit<RawResponse, 'closedAfterMs'> {
  const end = raw.indexOf('\r\n\r\n');
  if (!raw.startsWith('HTTP/') || end < 0) return { status: 0, headers: {}, body: raw };
  const [statusLine, ...lines] = raw.slice(0, end).split('\r\n');
  const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  let body = raw.slice(end + 4);
  const length = Number(headers['content-length']);
  if (Number.isFinite(length)) body = Buffer.from(body).subarray(0, length).toString('utf8');
  return { status: Number(statusLine!.split(' ')[1]), headers, body };
}
