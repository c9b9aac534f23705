// Progress of a long command: a bar on a terminal (stderr), one plain line per item otherwise, so
// logs and pipes get something they can read.
import cliProgress from 'cli-progress';

export interface Progress {
  /** One item finished; `line` is what a non-terminal prints for it. */
  tick(line: string): void;
  /** Something to say whatever the output is (a refused file). */
  note(line: string): void;
  stop(): void;
}

export function progress(label: string, total: number, stream: NodeJS.WriteStream = process.stderr): Progress {
  if (!stream.isTTY) {
    return { tick: (line) => process.stdout.write(`${line}\n`), note: (line) => process.stdout.write(`${line}\n`), stop: () => {} };
  }
  const bar = new cliProgress.SingleBar({
    stream, format: `${label.padEnd(10)} [{bar}] {value}/{total} {percentage}% | {eta_formatted} left`, hideCursor: true, clearOnComplete: false,
  }, cliProgress.Presets.shades_classic);
  let done = 0;
  bar.start(total, 0);
  return {
    tick: () => bar.update(++done),
    // The bar redraws its own line; a message goes above it.
    note: (line) => { bar.stop(); stream.write(`${line}\n`); bar.start(total, done); },
    stop: () => bar.stop(),
  };
}
