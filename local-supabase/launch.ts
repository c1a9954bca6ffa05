// Starts the bundled local backend as a child process and waits for its ready line. Used by
// `npm start` / `npm run dev`, the benchmark and the integration tests, so all of them run the
// backend exactly as a user does. Build the bundle first (bundleBackend in ./build.ts).
import { spawn, type ChildProcess } from 'node:child_process'
import { backendEntry } from './bundle-paths.ts'
import { repoRoot } from './src/bootstrap.ts'
import { READY_PREFIX } from './src/config.ts'

export interface LaunchedBackend {
  child: ChildProcess
  /** The URL the backend announced (its real port when SUPABASE_PORT=0). */
  url: string
  /** Everything it printed so far, stdout and stderr (when echoed, only up to its ready line). */
  output(): string
}

export interface LaunchOptions {
  /** Added to this process's environment. */
  env?: NodeJS.ProcessEnv
  /** Pass the backend's output through to this process's stdout and stderr. */
  echo?: boolean
  /** Node's own flags for the backend's process (before its script). */
  nodeFlags?: string[]
}

export function launchBackend(options: LaunchOptions = {}): Promise<LaunchedBackend> {
  // Echoed to a terminal, the backend's lines are read by a person: readable text, as its own
  // terminal would get.
  const format = options.echo && process.stdout.isTTY ? { LOG_FORMAT: 'pretty' } : {}
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), backendEntry], {
    cwd: repoRoot,
    env: { ...format, ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  return new Promise((resolve, reject) => {
    let ready = false
    child.stdout.on('data', (chunk: Buffer) => {
      if (options.echo) process.stdout.write(chunk)
      // Echoed output is the terminal's to keep: past the ready line it is not also kept here,
      // where a backend running for days would grow it without end.
      if (ready && options.echo) return
      output += chunk.toString()
      if (ready) return
      const line = output.split('\n').find((l) => l.startsWith(READY_PREFIX))
      if (!line) return
      ready = true
      resolve({ child, url: line.slice(READY_PREFIX.length).trim(), output: () => output })
    })
    child.stderr.on('data', (chunk: Buffer) => {
      if (options.echo) process.stderr.write(chunk)
      if (ready && options.echo) return
      output += chunk.toString()
    })
    child.once('error', reject)
    child.once('exit', (code) => {
      if (!ready) reject(new Error(`The local backend stopped before it was ready (exit code ${code}):\n${output}`))
    })
  })
}
