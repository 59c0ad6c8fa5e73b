import { EmptyState, PageHeader } from '#app/ui/page.tsx'
import type { Route } from './+types/public-properties'

export const meta: Route.MetaFunction = () => [{ title: 'Public properties · BrokerVault' }]

export default function PublicPropertiesPage() {
  return (
    <>
      <PageHeader title="Public properties" />
      <EmptyState title="No public listings yet">
        <p>
          Active listings that brokers mark as public appear here for every broker to search. Open one to see its
          view-only page. This page stays available even when your trial has ended.
        </p>
      </EmptyState>
    </>
  )
}
