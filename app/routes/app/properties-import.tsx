import { Link } from 'react-router'
import { requireAuth } from '#app/http/session.server.ts'
import { ImportUploadCard } from '#app/ui/import-upload.tsx'
import { PageHeader } from '#app/ui/page.tsx'
import { handleImportUpload } from './import-upload.server.ts'
import type { Route } from './+types/properties-import'

export const meta: Route.MetaFunction = () => [{ title: 'Import properties · BrokerVault' }]

export function loader({ context }: Route.LoaderArgs) {
  requireAuth(context)
  return null
}

export function action({ request, context }: Route.ActionArgs) {
  return handleImportUpload(request, requireAuth(context).scope, 'properties')
}

export default function PropertiesImportPage({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Import properties">
        <Link to="/properties">Back to properties</Link>
      </PageHeader>
      <div className="max-w-2xl space-y-4">
        <p>
          A CSV file from a spreadsheet, another system (RESO Data Dictionary column names) or our own export. Each row is one property;
          rows with a problem and duplicates of a reference code are listed, not imported.
        </p>
        <ImportUploadCard
          accept=".csv,text/csv"
          hint="CSV (comma or semicolon separated, UTF-8), up to 5 MB and 10,000 rows."
          error={actionData?.message}
        />
      </div>
    </>
  )
}
