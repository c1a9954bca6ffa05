import { createRequire } from 'node:module'
import path from 'node:path'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Plugin } from 'vite'

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

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), reactRouterProductionBuild()],
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'src') } },
  server: { port: 5173, strictPort: true },
})
