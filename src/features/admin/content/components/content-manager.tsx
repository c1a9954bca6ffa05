import { Tabs } from 'radix-ui'
import { PageHeader } from '../../components/page-header'
import { Spinner } from '../../components/spinner'
import { useAdminList } from '../../lib/use-admin-list'
import { getWebsiteContent } from '../api/website-content'
import { StatsBlock } from './stats-block'
import { TextBlock } from './text-block'

const TABS = ['Hero', 'About', 'Contact', 'Legal', 'Footer'] as const

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
            {TABS.map((tab) => (
              <Tabs.Trigger
                key={tab}
                value={tab}
                className="flex-1 rounded px-3 py-1.5 text-sm text-slate-600 focus-visible:outline-2 focus-visible:outline-brand-primary data-[state=active]:bg-white data-[state=active]:font-medium data-[state=active]:text-slate-900 data-[state=active]:shadow-sm"
              >
                {tab}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="Hero" className="grid gap-4">
            <TextBlock
              heading="Hero Section"
              section="hero"
              contentKey="main"
              content={data['hero/main']}
              onSaved={saved}
              fields={[
                { name: 'badge', label: 'Badge' },
                { name: 'title', label: 'Title' },
                { name: 'subtitle', label: 'Subtitle', rows: 3 },
                { name: 'primaryButton', label: 'Primary Button Text' },
                { name: 'secondaryButton', label: 'Secondary Button Text' },
                { name: 'image', label: 'Image URL' },
              ]}
            />
            <StatsBlock content={data['stats/main']} onSaved={saved} />
          </Tabs.Content>
          <Tabs.Content value="About" className="grid gap-4">
            <TextBlock
              heading="About Header"
              section="about"
              contentKey="main"
              content={data['about/main']}
              onSaved={saved}
              fields={[
                { name: 'badge', label: 'Badge' },
                { name: 'title', label: 'Title' },
                { name: 'subtitle', label: 'Subtitle', rows: 3 },
              ]}
            />
            <TextBlock
              heading="Mission"
              section="about"
              contentKey="mission"
              content={data['about/mission']}
              onSaved={saved}
              fields={[
                { name: 'title', label: 'Title' },
                { name: 'content', label: 'Content', rows: 4 },
              ]}
            />
            <TextBlock
              heading="Vision"
              section="about"
              contentKey="vision"
              content={data['about/vision']}
              onSaved={saved}
              fields={[
                { name: 'title', label: 'Title' },
                { name: 'content', label: 'Content', rows: 4 },
              ]}
            />
          </Tabs.Content>
          <Tabs.Content value="Contact" className="grid gap-4">
            <TextBlock
              heading="Contact Page"
              section="contact"
              contentKey="main"
              content={data['contact/main']}
              onSaved={saved}
              fields={[
                { name: 'badge', label: 'Badge' },
                { name: 'title', label: 'Title' },
                { name: 'subtitle', label: 'Subtitle', rows: 3 },
              ]}
            />
          </Tabs.Content>
          <Tabs.Content value="Legal" className="grid gap-4">
            <TextBlock
              heading="Privacy Policy"
              section="legal"
              contentKey="privacy"
              content={data['legal/privacy']}
              onSaved={saved}
              fields={[
                { name: 'title', label: 'Title' },
                { name: 'content', label: 'Content', rows: 14, hint: 'Use HTML tags for formatting', html: true },
              ]}
            />
            <TextBlock
              heading="Terms of Use"
              section="legal"
              contentKey="terms"
              content={data['legal/terms']}
              onSaved={saved}
              fields={[
                { name: 'title', label: 'Title' },
                { name: 'content', label: 'Content', rows: 14, hint: 'Use HTML tags for formatting', html: true },
              ]}
            />
          </Tabs.Content>
          <Tabs.Content value="Footer" className="grid gap-4">
            <TextBlock
              heading="Footer"
              section="footer"
              contentKey="main"
              content={data['footer/main']}
              onSaved={saved}
              fields={[
                { name: 'description', label: 'Company Description', rows: 3 },
                { name: 'newsletterTitle', label: 'Newsletter Title' },
                { name: 'newsletterDescription', label: 'Newsletter Description', rows: 2 },
              ]}
            />
          </Tabs.Content>
        </Tabs.Root>
      ) : null}
    </>
  )
}
