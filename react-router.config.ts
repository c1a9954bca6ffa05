import type { Config } from '@react-router/dev/config'

// Framework mode: public routes are rendered on the server, then hydrated. React Router 8's
// behaviours are opted into now, so upgrading changes nothing and the logs carry no warnings.
export default {
  appDirectory: 'src',
  ssr: true,
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config
