import type { RouteConfigEntry } from '@react-router/dev/routes'

/** Lead capture: the actions behind the contact, newsletter and job-application forms. */
export const leadRoutes: RouteConfigEntry[] = []
