import { Link } from 'react-router'
import { requireAuth } from '#app/http/session.server.ts'
import { ImportUploadCard } from '#app/ui/import-upload.tsx'
import { PageHeader } from '#app/ui/page.tsx'
import { handleImportUpload } from './import-upload.server.ts'
import type { Route } from './+types/clients-import'

export const meta: Route.MetaFunction = () => [{ title: 'Import clients · BrokerVault' }]

export function loader({ context }: Route.LoaderArgs) {
  requireAuth(context)
  return null
}

export function action({ request, context }: Route.ActionArgs) {
  return handleImportUpload(request, requireAuth(context).scope, 'clients')
}

export default function ClientsImportPage({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Import clients">
        <Link to="/clients">Back to clients</Link>
      </PageHeader>
      <div className="max-w-2xl space-y-4">
        <p>
          A CSV file (a spreadsheet, RESO column names or our own export) or a vCard file from your address book. Rows with a problem and
          duplicates of an e-mail address are listed, not imported.
        </p>
        <ImportUploadCard
          accept=".csv,text/csv,.vcf,text/vcard"
          hint="CSV (comma or semicolon separated, UTF-8) or vCard, up to 5 MB and 10,000 rows."
          error={actionData?.message}
        />
      </div>
    </>
  )
}
