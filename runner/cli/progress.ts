/**
 * A progress bar on stderr while grading, only when stderr is a terminal: CI logs and pipes stay
 * quiet, and stdout (where reports go) is never touched.
 */
import cliProgress from 'cli-progress';

export interface Progress {
  update(done: number): void;
  stop(): void;
}

const silent: Progress = { update() {}, stop() {} };

export function startProgress(total: number, label: string, stream: NodeJS.WriteStream = process.stderr): Progress {
  if (!stream.isTTY || total === 0) return silent;
  const bar = new cliProgress.SingleBar(
    { stream, format: `${label} [{bar}] {value}/{total} {percentage}% | {eta_formatted} left`, hideCursor: true, clearOnComplete: true },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0);
  return {
    update: (done) => bar.update(done),
    stop: () => bar.stop(),
  };
}
