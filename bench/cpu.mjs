// CPU time spent by the product's processes and by the PostgreSQL backends serving the bench's
// database while something runs, read from /proc (Linux): the cost of a request in CPU time, which a
// busy shared machine changes far less than it changes requests per second.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const TICKS_PER_SECOND = Number(execSync('getconf CLK_TCK').toString().trim()) || 100;

/** User plus system CPU seconds of a process so far; 0 once it is gone. */
function cpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** The backends connected to the database `admin` is connected to, save admin's own. */
async function backendPids(admin) {
  const { rows } = await admin.query(`SELECT "pid" FROM pg_stat_activity WHERE "datname" = current_database() AND "pid" <> pg_backend_pid()`);
  return rows.map((row) => row.pid);
}

/**
 * Runs `work` and answers its result with the CPU seconds the given product processes and the
 * database's backends used meanwhile. Only the product under measurement should be busy: every
 * backend of the database counts.
 */
export async function measureCpu(productPids, admin, work) {
  const before = new Map();
  for (const pid of [...productPids, ...(await backendPids(admin))]) before.set(pid, cpuSeconds(pid));
  const result = await work();
  const spent = (pid) => Math.max(0, cpuSeconds(pid) - (before.get(pid) ?? 0));
  const product = productPids.reduce((sum, pid) => sum + spent(pid), 0);
  const database = (await backendPids(admin)).reduce((sum, pid) => sum + spent(pid), 0);
  return { result, productCpu: product, databaseCpu: database };
}
