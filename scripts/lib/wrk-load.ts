// The same load as `runLoad`, driven by wrk (C, `apt-get install wrk`) when BENCH_GENERATOR=wrk. On
// two cores autocannon spends about as much CPU reading a rendered page as the web server spends
// answering it, so its pages/s for pages is its own pace; wrk costs a fraction of that, so the
// server sets the pace and rates of pages and files can be compared. Fixed URLs only: one, or
// several taken in turn (a small Lua script names them).
import { spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { LoadSpec, LoadSummary } from './load-generator.ts'
import { processCpuMs } from './process-cpu.ts'

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 }

/** "1.23ms" → 1.23 */
function durationMs(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text)
  if (!match) throw new Error(`wrk printed a duration it did not explain: ${text}`)
  return Number(match[1]) * (UNIT_MS[match[2]] ?? Number.NaN)
}

function field(output: string, pattern: RegExp): string {
  const match = pattern.exec(output)
  if (!match?.[1]) throw new Error(`wrk's report lacks ${pattern.source}:\n${output}`)
  return match[1]
}

/** Whether `spec` is a load wrk can send as it is. */
export function wrkCanDrive(spec: LoadSpec): boolean {
  return !spec.pathTemplate && !spec.hostTemplate && !spec.newClientEach && spec.overallRate === undefined && spec.duration !== undefined
}

/** A wrk script sending requests to `paths` in turn. */
function rotation(paths: readonly string[]): string {
  return `local paths = {${paths.map((p) => JSON.stringify(p)).join(', ')}}\nlocal i = 0\nrequest = function()\n  i = i % #paths + 1\n  return wrk.format(nil, paths[i])\nend\n`
}

export async function runWrk(spec: LoadSpec): Promise<LoadSummary> {
  const scriptDir = spec.paths.length > 1 ? await mkdtemp(path.join(tmpdir(), 'wrk-')) : null
  const script = scriptDir ? path.join(scriptDir, 'paths.lua') : null
  if (script) await writeFile(script, rotation(spec.paths))
  try {
    return await wrk(spec, script)
  } finally {
    if (scriptDir) await rm(scriptDir, { recursive: true, force: true })
  }
}

function wrk(spec: LoadSpec, script: string | null): Promise<LoadSummary> {
  const headers = Object.entries(spec.headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`])
  const args = [
    '-t1',
    `-c${spec.connections}`,
    `-d${spec.duration}s`,
    '--timeout',
    '10s',
    '--latency',
    ...headers,
    ...(script ? ['-s', script] : []),
    spec.url + spec.paths[0],
  ]
  const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] })
  let output = ''
  let cpuMs = 0
  // Read while it runs: an ended process's times are gone with it.
  const sampler = setInterval(() => {
    try {
      cpuMs = processCpuMs(child.pid as number)
    } catch {
      // It has just ended.
    }
  }, 100)
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  return new Promise((resolve, reject) => {
    child.once('error', (error) => {
      clearInterval(sampler)
      reject(error)
    })
    child.once('close', (code) => {
      clearInterval(sampler)
      if (code !== 0) return reject(new Error(`wrk exited with ${code}:\n${output}`))
      const answered = Number(field(output, /(\d+) requests in/))
      const timeouts = Number(/timeout (\d+)/.exec(output)?.[1] ?? 0)
      const socketErrors = /connect (\d+), read (\d+), write (\d+)/.exec(output)
      resolve({
        answered,
        requestsPerSecond: Number(field(output, /Requests\/sec:\s+([\d.]+)/)),
        p50: durationMs(field(output, /\s50%\s+(\S+)/)),
        p99: durationMs(field(output, /\s99%\s+(\S+)/)),
        max: durationMs(field(output, /Latency(?:\s+\S+){2}\s+(\S+)/)),
        non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0),
        errors: socketErrors ? Number(socketErrors[1]) + Number(socketErrors[2]) + Number(socketErrors[3]) : 0,
        timeouts,
        generatorCpuMs: cpuMs / Math.max(answered, 1),
      })
    })
  })
}
