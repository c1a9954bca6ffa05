// Runs Debian's varnishd with deploy/varnish/default.vcl in front of a web server: its backend set
// to that server, listening on a port of its own, in a working directory of its own (so several
// can run side by side), without a jail (as the invoking user). For `npm run edge`, the edge
// benchmark and the tests.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { repoRoot } from '../../local-supabase/src/bootstrap.ts'

export const VCL_PATH = path.join(repoRoot, 'deploy/varnish/default.vcl')

export const VARNISH_MISSING =
  'Varnish is not installed: apt-get install varnish (Debian, Ubuntu), dnf install varnish (Fedora), brew install varnish (macOS), or set VARNISHD to its varnishd.'

/** Where varnishd is: VARNISHD, Debian's /usr/sbin/varnishd, or on PATH; null when none is. */
export function findVarnishd(): string | null {
  const candidates = [
    process.env.VARNISHD,
    '/usr/sbin/varnishd',
    '/usr/local/sbin/varnishd',
    ...(process.env.PATH ?? '').split(':').map((dir) => path.join(dir, 'varnishd')),
  ]
  return candidates.find((candidate): candidate is string => Boolean(candidate) && existsSync(candidate!)) ?? null
}

export interface Varnish {
  url: string
  port: number
  output(): string
  stop(): Promise<void>
}

/** The shipped VCL with one backend per web instance in `backends` (http://host:port), taken in turn. */
export async function vclFor(backends: readonly URL[]): Promise<string> {
  const vcl = await readFile(VCL_PATH, 'utf8')
  const block = /^backend site \{[\s\S]*?^\}\n/m.exec(vcl)?.[0]
  if (!block) throw new Error(`${VCL_PATH} has no "backend site" block`)
  const blocks = backends.map((backend, i) =>
    block
      .replace('backend site {', `backend site${i} {`)
      .replace(/\.host = "[^"]*";/, `.host = "${backend.hostname}";`)
      .replace(/\.port = "[^"]*";/, `.port = "${backend.port || '80'}";`),
  )
  return vcl.replace(block, blocks.join('\n')).replace('    sites.add_backend(site);\n', backends.map((_, i) => `    sites.add_backend(site${i});\n`).join(''))
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

/** Starts varnishd in the foreground on `port`; resolves once it accepts connections. */
export async function startVarnish(backends: readonly URL[], port: number, options: { cacheMb?: number; stdio?: 'inherit' | 'pipe' } = {}): Promise<Varnish> {
  const varnishd = findVarnishd()
  if (!varnishd) throw new Error(VARNISH_MISSING)
  const workDir = await mkdtemp(path.join(tmpdir(), 'varnish-'))
  const vclFile = path.join(workDir, 'default.vcl')
  await writeFile(vclFile, await vclFor(backends))
  const child: ChildProcess = spawn(
    varnishd,
    ['-F', '-j', 'none', '-n', workDir, '-a', `127.0.0.1:${port}`, '-f', vclFile, '-s', `malloc,${options.cacheMb ?? 256}m`, '-p', 'ban_lurker_sleep=0.1'],
    { stdio: options.stdio === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      await exited
    }
    await rm(workDir, { recursive: true, force: true })
  }
  for (let waited = 0; !(await portOpen(port)); waited += 100) {
    if (child.exitCode !== null || waited > 20_000) {
      await stop()
      throw new Error(`varnishd did not start:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return { url: `http://127.0.0.1:${port}`, port, output: () => output, stop }
}
