import { pino, type Logger } from 'pino';

// Secrets never reach a log line: bearer headers, passwords and issued tokens are redacted.
const REDACT = [
  'req.headers.authorization', 'req.headers.cookie', 'headers.authorization',
  '*.password', 'password', '*.access_token', 'access_token',
];

export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  return pino({ level, redact: { paths: REDACT, censor: '[redacted]' } }, destination as pino.DestinationStream | undefined);
}
