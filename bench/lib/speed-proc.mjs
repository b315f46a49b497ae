// /proc readings for bench/retrieval-speed.bench.mjs: the standalone child's pid (the rig does
// not expose it), its resident memory and its CPU time. Linux only.
import { readFileSync, readdirSync } from 'node:fs';

const TICKS_PER_S = 100; // USER_HZ on Linux

function stat(pid) {
  const raw = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces.
  return raw.slice(raw.lastIndexOf(')') + 2).split(' ');
}

/** The pids of the direct children of `parent` whose command line contains `fragment`. */
export function findChildren(fragment, parent = process.pid) {
  const found = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (Number(stat(name)[1]) !== parent) continue;
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (cmdline.includes(fragment)) found.push(Number(name));
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}

/** The pid of a direct child of this process whose command line contains `fragment`. */
export function findChild(fragment, parent = process.pid) {
  const [pid] = findChildren(fragment, parent);
  if (pid === undefined) throw new Error(`no child process of ${parent} runs "${fragment}"`);
  return pid;
}

/** Resident set size now and at its peak, in MiB. */
export function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1] ?? NaN);
  return { rssMiB: kb('VmRSS') / 1024, peakMiB: kb('VmHWM') / 1024 };
}

/** CPU seconds (user + system) the process has used so far. */
export function cpuSecondsOf(pid) {
  const fields = stat(pid);
  // utime and stime are fields 14 and 15 of /proc/pid/stat, i.e. 11 and 12 after the name.
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_S;
}
