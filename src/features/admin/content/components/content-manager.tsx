import { Tabs } from 'radix-ui'
import { PageHeader } from '../../components/page-header'
import { Spinner } from '../../components/spinner'
import { useAdminList } from '../../lib/use-admin-list'
import { getWebsiteContent } from '../api/website-content'
import { StatsBlock } from './stats-block'
import { TextBlock, type TextBlockProps, type TextField } from './text-block'

type Tab = 'Hero' | 'About' | 'Contact' | 'Legal' | 'Footer'
type Block = Omit<TextBlockProps, 'content' | 'onSaved'>

const TITLE_AND_CONTENT: TextField[] = [
  { name: 'title', label: 'Title' },
  { name: 'content', label: 'Content', rows: 4 },
]
const PAGE_HEADER: TextField[] = [
  { name: 'badge', label: 'Badge' },
  { name: 'title', label: 'Title' },
  { name: 'subtitle', label: 'Subtitle', rows: 3 },
]
const LEGAL_PAGE: TextField[] = [
  { name: 'title', label: 'Title' },
  { name: 'content', label: 'Content', rows: 14, hint: 'Use HTML tags for formatting', html: true },
]

/** The text blocks of each tab, in order; the Hero tab also holds the stats. */
const TABS: Record<Tab, Block[]> = {
  Hero: [
    {
      heading: 'Hero Section',
      section: 'hero',
      contentKey: 'main',
      fields: [
        ...PAGE_HEADER,
        { name: 'primaryButton', label: 'Primary Button Text' },
        { name: 'secondaryButton', label: 'Secondary Button Text' },
        { name: 'image', label: 'Image URL' },
      ],
    },
  ],
  About: [
    { heading: 'About Header', section: 'about', contentKey: 'main', fields: PAGE_HEADER },
    { heading: 'Mission', section: 'about', contentKey: 'mission', fields: TITLE_AND_CONTENT },
    { heading: 'Vision', section: 'about', contentKey: 'vision', fields: TITLE_AND_CONTENT },
  ],
  Contact: [{ heading: 'Contact Page', section: 'contact', contentKey: 'main', fields: PAGE_HEADER }],
  Legal: [
    { heading: 'Privacy Policy', section: 'legal', contentKey: 'privacy', fields: LEGAL_PAGE },
    { heading: 'Terms of Use', section: 'legal', contentKey: 'terms', fields: LEGAL_PAGE },
  ],
  Footer: [
    {
      heading: 'Footer',
      section: 'footer',
      contentKey: 'main',
      fields: [
        { name: 'description', label: 'Company Description', rows: 3 },
        { name: 'newsletterTitle', label: 'Newsletter Title' },
        { name: 'newsletterDescription', label: 'Newsletter Description', rows: 2 },
      ],
    },
  ],
}

export function ContentManager() {
  const { data, loading, reload } = useAdminList(getWebsiteContent, 'Failed to fetch content')
  const saved = () => void reload()

  return (
    <>
      <PageHeader title="Website Content" subtitle="Edit the copy of the public pages" />
      {loading && !data ? (
        <Spinner />
      ) : data ? (
        <Tabs.Root defaultValue="Hero">
          <Tabs.List aria-label="Page" className="mb-4 flex gap-1 overflow-x-auto rounded-md bg-slate-100 p-1">
            {Object.keys(TABS).map((tab) => (
              <Tabs.Trigger
                key={tab}
                value={tab}
                className="flex-1 rounded px-3 py-1.5 text-sm text-slate-600 focus-visible:outline-2 focus-visible:outline-brand-primary data-[state=active]:bg-white data-[state=active]:font-medium data-[state=active]:text-slate-900 data-[state=active]:shadow-sm"
              >
                {tab}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {Object.entries(TABS).map(([tab, blocks]) => (
            <Tabs.Content key={tab} value={tab} className="grid gap-4">
              {blocks.map((block) => (
                <TextBlock key={block.heading} {...block} content={data[`${block.section}/${block.contentKey}`]} onSaved={saved} />
              ))}
              {tab === 'Hero' ? <StatsBlock content={data['stats/main']} onSaved={saved} /> : null}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      ) : null}
    </>
  )
}
