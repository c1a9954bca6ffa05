// For the admin's component tests: the real local backend, a browser client signed in for real,
// and renders of a screen's route module the way the router runs it (loader, action, toasts).
import { render, screen, waitFor, within, type RenderResult } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { afterAll, beforeAll, expect } from 'vitest'
import type { ComponentType, ReactElement } from 'react'
import { createRoutesStub, MemoryRouter, Outlet, type ActionFunction, type LoaderFunction } from 'react-router'
import { Toaster } from '~/components/ui/toast'
import { createBrowserClient, type Db } from '~/lib/supabase'
import { Spinner } from '~/features/admin/components/spinner'
import { setAdminDb } from '~/features/admin/lib/admin-db'
import { getSiteSettings } from '~/features/settings/api/site-settings'
import { adminApiRoutes } from './admin-api-routes.ts'
import { startBackendProcess, TEST_ADMIN } from './backend-process.ts'

export { TEST_ADMIN }
// Each test's screen is unmounted after it by screen-setup.ts (the project's setup file).

/** A started backend as the admin's tests use it: its URL, keys, and how to stop it. */
export interface TestBackend {
  url: string
  anonKey: string
  serviceRoleKey: string
  jwtSecret: string
  dispose(): Promise<void>
}

/** The real local backend on a free port with an empty data directory, and its keys. */
export async function startBackend(): Promise<TestBackend> {
  const backend = await startBackendProcess()
  return { url: backend.url, ...backend.keys, dispose: () => backend.dispose() }
}

export interface AdminTestEnv {
  backend: TestBackend
  /** The admin, signed in. */
  db: Db
}

/** A test file's backend: started (with the admin signed in) before its tests, stopped after. */
export function adminBackend(): AdminTestEnv {
  const env = {} as AdminTestEnv
  beforeAll(async () => {
    env.backend = await startBackend()
    env.db = await signedInDb(env.backend)
  })
  afterAll(async () => {
    await env.backend?.dispose()
  })
  return env
}

/** A browser client of its own (no shared stored session), signed in with e-mail and password. */
export async function signedInDb(backend: TestBackend, email = TEST_ADMIN.email, password = TEST_ADMIN.password): Promise<Db> {
  const db = createBrowserClient({ url: backend.url, anonKey: backend.anonKey }, { persistSession: false })
  const { error } = await db.auth.signInWithPassword({ email, password })
  if (error) throw new Error(`sign-in failed: ${error.message}`)
  return db
}

/** Renders a component of the back office (not a whole screen) with `db` as the admin's client. */
export function renderAdmin(ui: ReactElement, db: Db): RenderResult {
  setAdminDb(db)
  return render(
    <MemoryRouter>
      {ui}
      <Toaster />
    </MemoryRouter>,
  )
}

/** The parts of an admin route module a test renders: its data functions and its screen. */
export interface AdminRouteModule {
  // Each module's functions take their own typed arguments; the stub calls them with the router's.
  clientLoader: (args: never) => Promise<unknown>
  clientAction?: (args: never) => Promise<unknown>
  // The typed route props differ per module; the stub hands each its own loaderData.
  default: ComponentType<never>
}

/** A route module mounted at its pattern ('/admin/blog/:id'), as the route table has it. */
export interface MountedRoute {
  pattern: string
  module: AdminRouteModule
}

function stubRoute({ pattern, module }: MountedRoute) {
  return {
    path: pattern.slice(1),
    Component: module.default as ComponentType,
    loader: module.clientLoader as unknown as LoaderFunction,
    action: module.clientAction as unknown as ActionFunction | undefined,
  }
}

/**
 * Renders a route module as the router does in the back office, at `path` (with its search
 * params): its clientLoader reads with `db`, its clientAction writes with it, toasts show.
 * `shellLoader` stands in for the admin shell's loader above the screen (it reloads after writes),
 * and a root route reads the site settings the site's root loader hands every screen.
 */
export function renderRoute(
  route: AdminRouteModule,
  db: Db,
  path: string,
  shellLoader: LoaderFunction = () => null,
  /** Screens the route may send the person on to, each showing "Opened <path>". */
  onward: string[] = [],
  /** The route's pattern when its path has parameters ('/admin/blog/:id'), and the screens mounted beside it. */
  options: { pattern?: string; beside?: MountedRoute[] } = {},
): RenderResult {
  setAdminDb(db)
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: async () => {
        const { retention: _readByThePrivacyPage, ...settings } = await getSiteSettings(db)
        return { settings }
      },
      Component: Outlet,
      HydrateFallback: () => <Spinner />,
      children: [
        {
          id: 'shell',
          loader: shellLoader,
          Component: Outlet,
          children: [
            stubRoute({ pattern: options.pattern ?? new URL(path, 'http://admin.test').pathname, module: route }),
            ...(options.beside ?? []).map(stubRoute),
            ...onward.map((onwardPath) => ({ path: onwardPath.slice(1), Component: () => <p>{`Opened ${onwardPath}`}</p> })),
            ...adminApiRoutes,
          ],
        },
      ],
    },
  ])
  return render(
    <>
      <Stub initialEntries={[path]} />
      <Toaster />
    </>,
  )
}

/** Waits for the toast on screen (there is only ever one) to read `title` (and `description`). */
export async function expectToast(title: string, description?: string): Promise<HTMLElement> {
  return waitFor(
    () => {
      // Radix renders each toast as an <li> carrying data-swipe-direction (hidden from role queries
      // while a modal dialog is open, so found by that attribute).
      const items = [...document.querySelectorAll<HTMLElement>('li[data-swipe-direction]')]
      const item = items.find((li) => within(li).queryByText(title) && (!description || within(li).queryByText(description)))
      if (!item)
        throw new Error(`no toast "${title}"${description ? ` / "${description}"` : ''}; shown: ${items.map((li) => li.textContent).join(' | ') || 'none'}`)
      return item
    },
    { timeout: 10_000 },
  )
}

/** The service-role client (bypasses row-level security), for arranging and checking rows. */
export function serviceDb(backend: TestBackend): Db {
  return createBrowserClient({ url: backend.url, anonKey: backend.serviceRoleKey }, { persistSession: false })
}

let memberCount = 0

/** A signed-in account with the given staff role, or with none (null). */
export async function signedInStaff(backend: TestBackend, role: string | null): Promise<Db> {
  const email = `${role ?? 'member'}${++memberCount}-${Date.now()}@test.local`
  const password = 'member-password-1'
  const service = serviceDb(backend)
  const { data, error } = await service.auth.admin.createUser({ email, password, email_confirm: true })
  if (error) throw new Error(`could not create a member: ${error.message}`)
  if (role) {
    const granted = await service.from('staff_roles').insert({ user_id: data.user.id, role })
    if (granted.error) throw new Error(`could not grant ${role}: ${granted.error.message}`)
  }
  return signedInDb(backend, email, password)
}

/** A signed-in account without a staff role: every write it tries is refused by the database. */
export function signedInMember(backend: TestBackend): Promise<Db> {
  return signedInStaff(backend, null)
}

/** Waits until the screen's data has loaded (its spinner is gone). */
export async function listLoaded(): Promise<void> {
  await waitFor(() => expect(screen.queryByRole('status')).toBeNull(), { timeout: 10_000 })
}

/**
 * Puts `text` at the end of a field the way a person pastes it: a click, then one paste (real
 * beforeinput and input events, one render). For tests about what a field holds, not about typing:
 * `user.type` renders the screen again for every key.
 */
export async function enterText(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.click(field)
  await user.paste(text)
}
