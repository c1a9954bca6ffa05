import { Tabs } from 'radix-ui'
import { CONTENT_BLOCKS, type ContentBlock } from '~/entities/website-content'
import { PageHeader } from '../../components/page-header'
import type { ContentMap } from '../api/website-content'
import { StatsBlock } from './stats-block'
import { TextBlock } from './text-block'

const { hero, about, mission, vision, contact, privacy, terms, footer } = CONTENT_BLOCKS

/** The blocks of each tab, in order; the Hero tab also holds the stats. */
const TABS: Record<string, ContentBlock[]> = {
  Hero: [hero],
  About: [about, mission, vision],
  Contact: [contact],
  Legal: [privacy, terms],
  Footer: [footer],
}

export function ContentScreen({ content, ids }: { content: ContentMap; ids: Record<string, string> }) {
  return (
    <>
      <PageHeader title="Website Content" subtitle="Edit the copy of the public pages" />
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
              <TextBlock key={block.heading} block={block} content={content[`${block.section}/${block.key}`]} id={ids[`${block.section}/${block.key}`]} />
            ))}
            {tab === 'Hero' ? <StatsBlock content={content['stats/main']} id={ids['stats/main']} /> : null}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </>
  )
}
