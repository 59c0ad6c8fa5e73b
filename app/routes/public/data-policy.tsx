import { data, Link } from 'react-router'
import { publicPageHeaders } from '#app/lib/public-cache.server.ts'
import { InfoPage } from '#app/ui/public-layout.tsx'
import type { Route } from './+types/data-policy'

export const meta: Route.MetaFunction = () => [
  { title: 'Data policy · BrokerVault' },
  {
    name: 'description',
    content: 'How BrokerVault separates, protects, keeps and deletes the listings, files and client records you store.',
  },
]

export function loader({ request }: Route.LoaderArgs) {
  return data(null, { headers: publicPageHeaders(request) })
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export default function DataPolicyPage() {
  return (
    <InfoPage title="Data policy" updated="23 November 2026">
      <p>
        This page explains how the data you put into BrokerVault is kept apart, protected and removed. For what
        personal data is collected and why, read the <Link to="/privacy">privacy policy</Link>.
      </p>

      <h2>Who can see what</h2>
      <ul>
        <li>Your properties, clients, deals, notes, documents and activity are private to your account. No other
          broker can see them.</li>
        <li>A property you mark as public and active appears under Public properties, visible to signed-in brokers.
          Private notes are never shown there.</li>
        <li>A share link gives view-only access to one property or one client shortlist. Links are random and
          unguessable, can be revoked at any time and may have an expiry date. A revoked or unknown link shows a
          "not found" page.</li>
        <li>Documents stay private unless you mark them as shared with clients.</li>
      </ul>

      <h2>Storage and protection</h2>
      <ul>
        <li>Records are stored in a Postgres database. Photos and documents are stored on the server's disk or in
          S3-compatible object storage, depending on how this site is set up.</li>
        <li>Passwords are hashed with argon2id. Sessions are kept on the server; your browser only holds a signed,
          http-only cookie with a random token.</li>
        <li>Uploaded photos are checked by their content and re-encoded, which strips metadata such as camera
          details and GPS location.</li>
        <li>Sign-in and sign-up attempts are rate-limited to slow down password guessing.</li>
      </ul>

      <h2>Retention and deletion</h2>
      <p>
        Your data is kept while your account exists. When a trial ends or you move to a smaller plan, nothing is
        deleted: your records stay in place and every screen opens again once a plan is active. Deleting your account
        from your profile (it asks for your password) removes, at once and for good, your sign-in, profile and avatar,
        every property with its photos and documents, your clients, shortlists, share links (they stop working, and
        their view counts and client feedback go with them), deals, notes and activity, and signs out every device.
        Its files are then removed from storage. A device
        session ends when you sign out on that device or sign out other devices, and expires after 30 days without
        use.
      </p>
      <p>
        Backups, and how long they are kept, are decided by the operator of this site, who also decides retention
        beyond what the app does itself. If you need to know the backup schedule, ask through the{' '}
        <Link to="/contact">contact page</Link>.
      </p>

      <h2 id="export">Export</h2>
      <p>
        "Export my data" on your profile gives you a zip file with a copy of everything in your account:
      </p>
      <ul>
        <li><code>data.json</code>: your account (e-mail address and when it was created), profile, plan, properties,
          photo and document records, clients, shortlists, share links with their view counts, client feedback,
          deals, notes and activity, table by table.</li>
        <li><code>csv/</code>: the same tables as CSV files (UTF-8, comma-separated), which open in a spreadsheet
          (text that starts with = + - or @ begins with an apostrophe there, so the spreadsheet never runs it as a formula).</li>
        <li><code>files/</code>: your avatar, the original of every photo (the stored full-size JPEG; the smaller
          sizes shown in the app are made from it) and every document as you uploaded it, in a folder per
          property.</li>
      </ul>
      <p>
        It never holds your password (only a hash of it is kept, and that is not exported), your sign-in sessions,
        your two-factor key and recovery codes, or the anonymous daily view records behind share-link view counts.
      </p>
      <p>
        A small account downloads at once. A large one (by default more than 200 files or 50 MB of them) is
        prepared in the background: we e-mail you a link, and the export is also listed on your profile. Only you,
        signed in, can download it; it is deleted after 7 days, and when you delete your account.
      </p>
    </InfoPage>
  )
}
