import { Presets, SingleBar } from 'cli-progress';

/** Progress of one phase (uploading, processing), on stderr. */
export interface Progress {
  /** One item done; `detail` names it and says how it went. */
  tick(detail: string): void;
  stop(): void;
}

/**
 * A bar when stderr is a terminal; otherwise one plain line per item (logs, CI, pipes), so that
 * nothing is redrawn into a file.
 */
export function startProgress(
  label: string,
  total: number,
  stream: NodeJS.WriteStream = process.stderr,
): Progress {
  if (stream.isTTY) {
    const bar = new SingleBar(
      {
        stream,
        format: `${label.padEnd(10)} [{bar}] {value}/{total} {detail}`,
        hideCursor: true,
        clearOnComplete: false,
        barsize: 30,
      },
      Presets.shades_classic,
    );
    bar.start(total, 0, { detail: '' });
    return {
      tick: (detail) => bar.increment(1, { detail: detail.length > 60 ? `…${detail.slice(-59)}` : detail }),
      stop: () => bar.stop(),
    };
  }
  let done = 0;
  return {
    tick: (detail) => {
      done += 1;
      stream.write(`${label} ${done}/${total} ${detail}\n`);
    },
    stop: () => undefined,
  };
}
