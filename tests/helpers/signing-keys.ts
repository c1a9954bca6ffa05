// `npm run signing-keys` on a test backend's DATA_DIR, as an operator runs it beside the running
// backend: its exit code and what it printed.
import { spawn } from 'node:child_process'
import { repoRoot } from '../../local-supabase/src/bootstrap.ts'

export function runSigningKeys(dataDir: string, ...args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/signing-keys.ts', ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir },
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, output }))
  })
}
