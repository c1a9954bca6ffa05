import { PageHeader } from '../../components/page-header'
import { Spinner } from '../../components/spinner'
import { useAdminList } from '../../lib/use-admin-list'
import { getSettings } from '../api/settings'
import { SettingsForm } from './settings-form'

export function SettingsManager() {
  const { data, loading, reload } = useAdminList(getSettings, 'Failed to fetch settings')
  return (
    <>
      <PageHeader title="Site Settings" subtitle="Company details, contact information, brand colours and links used across the website" />
      {loading && !data ? <Spinner /> : data ? <SettingsForm settings={data} onSaved={() => void reload()} /> : null}
    </>
  )
}
