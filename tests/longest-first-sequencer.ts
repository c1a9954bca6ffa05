// Orders each project's test files longest first, so the workers end together instead of one
// starting a long file when the other has nothing left. Vitest orders by the durations it cached on
// an earlier run on this machine; a clean clone (CI) has none, so the files known to take longest on
// two busy cores go first, in this order, and the rest follow in Vitest's own order.
import path from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

const LONGEST_FIRST = [
  'tests/site/pages.test.ts',
  'tests/local-backend/dump-restore.test.ts',
  'tests/web-server/cpu-per-request.test.ts',
  'tests/local-backend/lifecycle.test.ts',
  'tests/local-backend/durability.test.ts',
  'tests/web-server/http.test.ts',
  'tests/local-backend/rest-memory.test.ts',
  'tests/web-server/lead-mail.test.ts',
  'tests/database/supabase-platform.test.ts',
  'tests/local-backend/auth.test.ts',
  'tests/local-backend/auth-limits.test.ts',
  'tests/web-server/newsletter.test.ts',
  'tests/local-backend/gateway.test.ts',
  'tests/local-backend/test-clock.test.ts',
  'tests/web-server/cv-cleanup.test.ts',
  'tests/web-server/page-cache.test.ts',
  // The back-office screens (their own project, run beside the one above).
  'src/routes/admin/blog.test.tsx',
  'src/routes/admin/jobs.test.tsx',
  'src/routes/admin/solutions.test.tsx',
  'src/routes/admin/reviews.test.tsx',
  // The browser tests (their own run, three workers).
  'tests/e2e/a11y-admin.e2e.ts',
  'tests/e2e/a11y-public.e2e.ts',
  'tests/e2e/site-pages.e2e.ts',
  'tests/e2e/journeys-staff.e2e.ts',
  'tests/e2e/history.e2e.ts',
  'tests/e2e/autosave.e2e.ts',
  'tests/e2e/admin-no-session.e2e.ts',
  'tests/e2e/visual-editor.e2e.ts',
]

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const root = this.ctx.config.root
    const rank = (spec: TestSpecification) => {
      const index = LONGEST_FIRST.indexOf(path.relative(root, spec.moduleId).split(path.sep).join('/'))
      return index === -1 ? LONGEST_FIRST.length : index
    }
    // Projects keep the order Vitest gave them (unit, then integration, then integration-screens);
    // within one, a stable sort. A project's files stay together: Vitest hands a worker that shares
    // its modules (isolate: false) the next file only when that file is of the same project.
    const byProject = new Map<string, TestSpecification[]>()
    for (const spec of sorted) byProject.set(spec.project.name, [...(byProject.get(spec.project.name) ?? []), spec])
    return [...byProject.values()].flatMap((specs) => specs.sort((a, b) => rank(a) - rank(b)))
  }
}
