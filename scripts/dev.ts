// `npm run dev`: Vite with hot reload on http://localhost:5173 beside the local backend (unless a
// hosted project is configured).
import path from 'node:path'
import { repoRoot } from '../local-supabase/src/bootstrap.ts'
import { resolveSupabase, runBeside } from './lib/backend.ts'

const target = await resolveSupabase()
runBeside(target, process.execPath, [path.join(repoRoot, 'node_modules/@react-router/dev/bin.js'), 'dev'], {})
