import { createRequire } from 'node:module'
import path from 'node:path'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type BuildOptions, type Plugin } from 'vite'

/**
 * React Router ships a production build, but its package exports always resolve the development
 * one (remix-run/react-router#14102), whose dev-only warnings then reach every visitor. The
 * browser bundle takes the production files; the server keeps the package's own resolution, so it
 * shares one copy of the router with @react-router/dev's runtime.
 */
function reactRouterProductionBuild(): Plugin {
  const dist = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production')
  const files: Record<string, string> = {
    'react-router': path.join(dist, 'index.mjs'),
    'react-router/dom': path.join(dist, 'dom-export.mjs'),
  }
  return {
    name: 'react-router-production-build',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId: (source) => files[source],
  }
}

/**
 * Build warnings nobody can act on stay out of the log: zod's sources carry comments Rollup cannot
 * place as annotations (it drops them, harmlessly), and a resource route (a feed, the sitemap, the
 * page-view endpoint) has no browser code, so its client chunk is empty by design.
 */
const onwarn: NonNullable<NonNullable<BuildOptions['rollupOptions']>['onwarn']> = (warning, warn) => {
  if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/zod/')) return
  if (warning.code === 'EMPTY_BUNDLE') return
  warn(warning)
}

/**
 * Modules every page loads travel in one file with React Router: the lead forms' hook (every public
 * page has the newsletter form), the hydration flag, and the site settings' defaults and hook (the
 * public layout and the back office's shell). Each small file of its own costs a page more bytes
 * (its compression and the imports naming it) than the few lines it holds.
 */
const withRouter = [
  '/node_modules/react-router/',
  '/src/features/leads/components/use-lead-form.ts',
  '/src/lib/use-hydrated.ts',
  '/src/entities/site-settings.ts',
  '/src/features/settings/use-site-settings.ts',
]
const manualChunks = (id: string) => (withRouter.some((part) => id.includes(part)) ? 'router' : undefined)

/**
 * The icon set and the UI primitives go into the server build, cut to what the pages use: imported
 * whole from node_modules, each costs the web server about 0.4 s of CPU at every start.
 */
const bundledForServer = ['lucide-react', 'radix-ui', /^@radix-ui\//]

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), reactRouterProductionBuild()],
  build: { rollupOptions: { onwarn, output: { manualChunks } } },
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'src') } },
  ssr: { noExternal: bundledForServer },
  server: { port: 5173, strictPort: true },
})
