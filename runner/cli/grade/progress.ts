/**
 * A progress bar on stderr while grading, only when stderr is a terminal: CI logs and pipes stay
 * quiet, and stdout (where reports go) is never touched.
 */

export interface Progress {
  update(done: number): void;
  stop(): void;
}

const silent: Progress = { update() {}, stop() {} };

/** A bar for `total` items, or a silent one; cli-progress is loaded only for a terminal. */
export async function startProgress(total: number, label: string, stream: NodeJS.WriteStream = process.stderr): Promise<Progress> {
  if (!stream.isTTY || total === 0) return silent;
  const { default: cliProgress } = await import('cli-progress');
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
