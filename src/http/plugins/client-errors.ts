// Errors Node's HTTP parser raises before Fastify sees a request (headers or query string too large,
// a request not received in time, bytes that are not HTTP). They are answered on the socket
// itself, as problem+json like every other error.
import type { Socket } from 'node:net';
import { problemType } from './problems.ts';

const CLIENT_ERRORS: Record<string, { status: number; title: string; code: string; detail: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431, title: 'Request Header Fields Too Large', code: 'headers_too_large',
    detail: 'The request line and headers exceed the server\'s limit; send a shorter query string or fewer headers',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408, title: 'Request Timeout', code: 'request_timeout', detail: 'The request was not received in time',
  },
};
const MALFORMED = { status: 400, title: 'Bad Request', code: 'malformed_request', detail: 'The request is not valid HTTP' };

export function answerClientError(error: Error & { code?: string }, socket: Socket) {
  // A response already under way cannot be replaced: the connection is closed instead (as Node does).
  const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable || answering) {
    socket.destroy();
    return;
  }
  const problem = CLIENT_ERRORS[error.code ?? ''] ?? MALFORMED;
  const body = JSON.stringify({ type: problemType(problem.code), title: problem.title, status: problem.status, detail: problem.detail, code: problem.code });
  socket.end(
    `HTTP/1.1 ${problem.status} ${problem.title}\r\nContent-Type: application/problem+json; charset=utf-8\r\n`
    + `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}
