import { data, Link } from 'react-router'
import { publicPageHeaders } from '#app/lib/public-cache.server.ts'
import { InfoPage } from '#app/ui/public-layout.tsx'
import type { Route } from './+types/disclaimer'

export const meta: Route.MetaFunction = () => [
  { title: 'Disclaimer · BrokerVault' },
  {
    name: 'description',
    content: 'BrokerVault is a tool for brokers; listings on share pages come from the broker, not from BrokerVault.',
  },
]

export function loader({ request }: Route.LoaderArgs) {
  return data(null, { headers: publicPageHeaders(request) })
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export default function DisclaimerPage() {
  return (
    <InfoPage title="Disclaimer" updated="21 November 2026">
      <p>
        BrokerVault is software that helps real-estate brokers organise their own work. It is not a real-estate
        agency, a property portal, a marketplace or a party to any sale or rental.
      </p>

      <h2>Listings and share pages</h2>
      <p>
        Every listing, price, photo, document and description you see on a BrokerVault share page or under Public
        properties was entered by the broker named on that page. BrokerVault does not check, verify or endorse it.
        Availability, prices, areas and features can change or contain mistakes. If you are a buyer or tenant,
        confirm all details with the broker and, where it matters, with an independent surveyor, lawyer or the
        relevant public registry before you make any decision or payment.
      </p>
      <p>
        The "Preview Mode - View Only" banner on a share page means the page is a read-only copy sent to you by a
        broker. BrokerVault never asks for payments, deposits or bank details on share pages. Be wary of anyone who
        does so in our name.
      </p>

      <h2>No professional advice</h2>
      <p>
        Nothing in BrokerVault, including deal stages, pipeline values, commission figures and filters, is legal,
        tax, financial or valuation advice. Figures are calculated from what the broker entered and are only as
        accurate as that input.
      </p>

      <h2>Your responsibilities as a broker</h2>
      <ul>
        <li>Make sure your listings are accurate and that you may publish the photos and documents you share.</li>
        <li>Follow the licensing, advertising and data-protection rules that apply to you where you work.</li>
        <li>Keep your own copies of contracts and other documents you cannot afford to lose.</li>
      </ul>

      <h2>Service availability</h2>
      <p>
        We aim to keep BrokerVault running and your data safe, but we cannot promise uninterrupted service. Our{' '}
        <Link to="/terms">terms of service</Link> describe the conditions of use in full.
      </p>
    </InfoPage>
  )
}
