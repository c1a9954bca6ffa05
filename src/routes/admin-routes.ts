import type { RouteConfigEntry } from '@react-router/dev/routes'

/** The /admin back office: rendered in the browser, behind Supabase Auth. */
export const adminRoutes: RouteConfigEntry[] = []
