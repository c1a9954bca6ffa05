// The CPU time a process has used, read from /proc/<pid>/stat (Linux): what a request costs a
// server, measured from outside it. Unlike requests per second it hardly moves when other programs
// share the cores, so it compares two kinds of request on a busy machine.
import { readdirSync, readFileSync } from 'node:fs'

// Linux reports process times in clock ticks of 1/100 s (USER_HZ) on every architecture it runs on.
const TICKS_PER_SECOND = 100

/** The fields after the command (which may hold spaces): state is [0], ppid [1], utime [11], stime [12]. */
function statFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')
}

/** The CPU time `pid` has used, user and system, every thread, in milliseconds. */
export function processCpuMs(pid: number): number {
  const fields = statFields(pid)
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND
}

/** The CPU time of `pid` and its live children (a cluster's workers), in milliseconds. */
export function processTreeCpuMs(pid: number): number {
  let total = processCpuMs(pid)
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      if (Number(statFields(Number(entry))[1]) === pid) total += processCpuMs(Number(entry))
    } catch {
      // The process ended while the list was read.
    }
  }
  return total
}

/** The CPU time of `pid`, its live children and the children it has seen exit (a one-off initdb), in milliseconds. */
export function processTreeCpuWithExitedMs(pid: number): number {
  const fields = statFields(pid)
  return processTreeCpuMs(pid) + ((Number(fields[13]) + Number(fields[14])) * 1000) / TICKS_PER_SECOND
}
