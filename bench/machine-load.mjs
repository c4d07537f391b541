// The shared machine's load decides whether a measurement of speed means anything. Each run waits
// for the one-minute load average to fall below BENCH_MAX_LOAD (default: half the cores) and records
// it; a run that starts above it anyway (after --wait-seconds, default 120) is marked not valid and
// the report says so, unless --allow-busy is given, when the script refuses to record at all.
import os from 'node:os';

export const MAX_LOAD = Number(process.env.BENCH_MAX_LOAD ?? os.cpus().length / 2);
const waitAt = process.argv.indexOf('--wait-seconds');
const WAIT_SECONDS = waitAt >= 0 ? Number(process.argv[waitAt + 1]) : 120;
const ALLOW_BUSY = process.argv.includes('--allow-busy');

const currentLoad = () => os.loadavg()[0];

/** Waits (up to --wait-seconds) for a quiet machine; answers the load it starts at and whether that is valid. */
export async function quietMachine(label) {
  const until = Date.now() + WAIT_SECONDS * 1000;
  while (currentLoad() > MAX_LOAD && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 5000));
  const load = currentLoad();
  const valid = load <= MAX_LOAD;
  if (!valid && !ALLOW_BUSY) {
    throw new Error(
      `${label}: the load average is ${load.toFixed(1)}, above ${MAX_LOAD} (BENCH_MAX_LOAD); stop what else runs, or pass --allow-busy to record a run marked not valid`,
    );
  }
  if (!valid) console.warn(`${label}: load ${load.toFixed(1)} above ${MAX_LOAD}: this run is marked not valid`);
  return { load: Number(load.toFixed(2)), valid };
}

/** The report's line on the machine's load across the runs. */
export function loadNote(samples) {
  const loads = samples.map((s) => s.load);
  const invalid = samples.filter((s) => !s.valid).length;
  return `Load average (1 min) at the start of each run: ${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)} on ${os.cpus().length} cores (threshold ${MAX_LOAD}). ${
    invalid === 0
      ? 'Every run started on a quiet machine: this record is valid.'
      : `**NOT VALID: ${invalid} of ${samples.length} runs started above the threshold.**`
  }`;
}
