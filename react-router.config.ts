import type { Config } from '@react-router/dev/config'

// Framework mode: public routes are rendered on the server, then hydrated.
export default {
  appDirectory: 'src',
  ssr: true,
} satisfies Config
