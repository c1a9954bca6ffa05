// The Solutions screen: each product with its status, category, address and features; and each
// solution's page, its text in the writing column and the rest in its settings.
import { Plus, Trash2 } from 'lucide-react'
import { useFieldArray, type FieldValues, type UseFormReturn } from 'react-hook-form'
import { formValuesOf } from '~/entities/form-values'
import {
  featuresOf,
  SOLUTION_ICONS,
  SOLUTION_STATUSES,
  solutionMessages,
  solutionSchema,
  type Solution,
  type SolutionInput,
  type SolutionValues,
} from '~/entities/solution'
import { ReviewPanel } from '../reviews/components/review-panel'
import { SettingsSection } from '../components/editor-page'
import { HistoryButton } from '../components/history-panel'
import { EditAndRemove } from '../components/item-parts'
import { dialogLabels } from '../components/resource-form'
import type { PageDescription } from '../components/resource-page'
import type { ResourceDescription } from '../components/resource-screen'
import { useAdminAction } from '../lib/use-admin-action'
import { SearchFields } from '../components/search-fields'
import { badge, buttonSecondary, card, iconButtonDanger, input } from '../components/styles'

const STATUS_STYLE: Record<string, string> = {
  Live: 'bg-emerald-50 text-emerald-800',
  Development: 'bg-amber-50 text-amber-800',
  Available: 'bg-sky-50 text-sky-800',
}

type Form = UseFormReturn<SolutionInput>

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className={iconButtonDanger} aria-label={label} onClick={onClick}>
      <Trash2 aria-hidden className="size-4" />
    </button>
  )
}

function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className={`${buttonSecondary} justify-self-start`} onClick={onClick}>
      <Plus aria-hidden className="size-4" /> {label}
    </button>
  )
}

function Features({ form }: { form: Form }) {
  const rows = useFieldArray({ control: form.control, name: 'features' })
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">Features</legend>
      {rows.fields.map((field, index) => (
        <div key={field.id} className="grid gap-2 rounded-md border border-slate-200 p-2 sm:grid-cols-[1fr_2fr_auto]">
          <input aria-label={`Feature ${index + 1} title`} placeholder="Title" className={input} {...form.register(`features.${index}.title`)} />
          <input
            aria-label={`Feature ${index + 1} description`}
            placeholder="Description"
            className={input}
            {...form.register(`features.${index}.description`)}
          />
          <RemoveButton label={`Remove feature ${index + 1}`} onClick={() => rows.remove(index)} />
        </div>
      ))}
      <AddButton label="Add Feature" onClick={() => rows.append({ title: '', description: '' })} />
    </fieldset>
  )
}

function Audience({ form }: { form: Form }) {
  const rows = useFieldArray({ control: form.control, name: 'targetaudience' })
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">Target Audience</legend>
      {rows.fields.map((field, index) => (
        <div key={field.id} className="flex gap-2">
          <input
            aria-label={`Audience ${index + 1}`}
            placeholder="e.g. Commercial banks"
            className={input}
            {...form.register(`targetaudience.${index}.value`)}
          />
          <RemoveButton label={`Remove audience ${index + 1}`} onClick={() => rows.remove(index)} />
        </div>
      ))}
      <AddButton label="Add Audience" onClick={() => rows.append({ value: '' })} />
    </fieldset>
  )
}

function initialValues(item: Solution | null): SolutionInput {
  return {
    ...formValuesOf(solutionSchema, item),
    // One row per feature and audience entry; a new solution opens with one empty row of each.
    features: item ? featuresOf(item.features) : [{ title: '', description: '' }],
    targetaudience: (item ? item.targetaudience : ['']).map((value) => ({ value })),
  }
}

export const solutionsResource: ResourceDescription<Solution, SolutionInput, SolutionValues> = {
  title: 'Solutions',
  subtitle: 'Manage the products shown on the solutions pages',
  addLabel: 'Add Solution',
  messages: solutionMessages,
  label: (solution) => solution.title,
  listClass: 'grid gap-2',
  Item: ({ row: solution, controls }) => (
    <li className={`${card} flex flex-wrap items-start gap-3 p-4`}>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-medium text-slate-900">{solution.title}</h2>
          <span className={`${badge} ${STATUS_STYLE[solution.status] ?? 'bg-slate-100 text-slate-700'}`}>{solution.status}</span>
          <span className={`${badge} bg-slate-100 text-slate-700`}>{solution.category}</span>
        </div>
        <p className="mt-0.5 text-xs text-slate-500">
          /solutions/{solution.slug} · {featuresOf(solution.features).length} features
        </p>
        <p className="mt-1 line-clamp-2 text-sm text-slate-600">{solution.shortdescription}</p>
      </div>
      <EditAndRemove controls={controls} />
    </li>
  ),
  page: (solution) => `/admin/solutions/${solution?.id ?? 'new'}`,
  versions: 'solutions',
  review: { kind: 'solution', live: (solution) => solution.published },
}

/** A saved solution's review and history, in its settings. */
function SavedSolution({ solution, restarted }: { solution: Solution; restarted: () => void }) {
  const action = useAdminAction()
  return (
    <>
      <SettingsSection title="Review">
        <ReviewPanel kind="solution" id={solution.id} name={solution.title} live={solution.published} run={(body) => void action.submit(body)} />
      </SettingsSection>
      <SettingsSection title="History">
        <HistoryButton table="solutions" id={solution.id} name={solution.title} current={solution} label="History" onRestored={restarted} />
      </SettingsSection>
    </>
  )
}

export const solutionPage: PageDescription<Solution, SolutionInput, SolutionValues> = {
  schema: solutionSchema,
  draftKey: 'solution',
  initial: initialValues,
  ...dialogLabels('Solution'),
  list: { path: '/admin/solutions', label: 'Solutions' },
  settingsTitle: 'Solution settings',
  main: [
    { name: 'title', label: 'Title', kind: 'title', placeholder: 'Solution name' },
    { name: 'shortdescription', label: 'Short Description', kind: 'textarea', rows: 2 },
    { name: 'longdescription', label: 'Long Description', kind: 'longtext', rows: 10, hint: 'Line breaks start new paragraphs' },
    (form) => <Features form={form} />,
    (form) => <Audience form={form} />,
  ],
  mainFields: ['title', 'shortdescription', 'longdescription', 'features', 'targetaudience'],
  settings: [
    {
      title: 'Solution',
      parts: [
        { name: 'slug', label: 'Slug', hint: 'Lowercase letters, digits and hyphens' },
        { name: 'category', label: 'Category' },
        { name: 'url', label: 'URL', hint: "The product's website, or Contact Us" },
        { name: 'icon', label: 'Icon', kind: 'select', options: SOLUTION_ICONS },
        { name: 'status', label: 'Status', kind: 'select', options: SOLUTION_STATUSES },
      ],
    },
    {
      parts: [
        (form) => (
          <SearchFields
            form={form as unknown as UseFormReturn<FieldValues>}
            descriptionField="metadescription"
            pathPrefix="/solutions/"
            fallback={{}}
            uploadFolder="solutions"
          />
        ),
      ],
    },
  ],
  saved: (solution, restarted) => <SavedSolution solution={solution} restarted={restarted} />,
}
