// `npm start`: builds the web app when its sources changed, starts the local backend (unless a
// hosted project is configured) and serves the site on http://localhost:3000 (PORT).
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { repoRoot } from '../local-supabase/src/bootstrap.ts'
import { resolveSupabase, runBeside } from './lib/backend.ts'

const buildEntry = path.join(repoRoot, 'build/server/index.js')
const buildInputs = ['src', 'public', 'package-lock.json', 'vite.config.ts', 'react-router.config.ts']

function newestChange(target: string): number {
  const stat = statSync(target)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(target).reduce((newest, name) => Math.max(newest, newestChange(path.join(target, name))), stat.mtimeMs)
}

function buildIsStale(): boolean {
  if (!existsSync(buildEntry)) return true
  const built = statSync(buildEntry).mtimeMs
  return buildInputs.some((input) => {
    const full = path.join(repoRoot, input)
    return existsSync(full) && newestChange(full) > built
  })
}

if (buildIsStale()) {
  console.log('Building the web app…')
  const build = spawnSync(process.execPath, [path.join(repoRoot, 'node_modules/@react-router/dev/bin.js'), 'build'], {
    cwd: repoRoot,
    stdio: 'inherit',
  })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

const target = await resolveSupabase()
const port = process.env.PORT || '3000'
console.log(`The site will be served on http://localhost:${port}`)
runBeside(target, process.execPath, [path.join(repoRoot, 'node_modules/@react-router/serve/bin.js'), buildEntry], {
  PORT: port,
  NODE_ENV: 'production',
})
