import { EmptyState, PageHeader } from '#app/ui/page.tsx'
import type { Route } from './+types/clients'

export const meta: Route.MetaFunction = () => [{ title: 'Clients · BrokerVault' }]

export default function ClientsPage() {
  return (
    <>
      <PageHeader title="Clients" />
      <EmptyState title="No clients yet">
        <p>
          Buyers, sellers, tenants, landlords and investors you work with will be listed here, with their requirements,
          stage and shortlists of properties you share with them.
        </p>
      </EmptyState>
    </>
  )
}
