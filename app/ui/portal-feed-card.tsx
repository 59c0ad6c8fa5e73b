import { Form } from 'react-router'
import { Button } from './form.tsx'
import { Card } from './page.tsx'

/** Profile's "Portal feed": the Kyero feed address, and the forms that make, replace or revoke it. */
export function PortalFeedCard({ url }: { url: string | null }) {
  return (
    <div id="portal-feed">
      <Card title="Portal feed">
        <div className="space-y-3 text-sm">
          <p>
            An address property portals (Kyero XML, version 3) can read: your public, active properties with their photos. Private, draft
            and inactive properties are never in it.
          </p>
          {url ? (
            <>
              <p>
                <label htmlFor="portal-feed-url" className="block font-medium">Feed address</label>
                <input id="portal-feed-url" readOnly value={url} className="mt-1 w-full rounded-md border border-line bg-canvas px-2 py-1.5 font-mono text-xs" />
              </p>
              <p className="text-muted">Anyone with this address can read the feed. Replace it if it has leaked; turn it off when no portal uses it.</p>
              <div className="flex flex-wrap gap-3">
                <Form method="post" action="/profile/portal-feed">
                  <Button type="submit" name="intent" value="create" variant="secondary">Replace the address</Button>
                </Form>
                <Form method="post" action="/profile/portal-feed">
                  <Button type="submit" name="intent" value="revoke" variant="danger">Turn off the feed</Button>
                </Form>
              </div>
            </>
          ) : (
            <Form method="post" action="/profile/portal-feed">
              <Button type="submit" name="intent" value="create" variant="secondary">Create a feed address</Button>
            </Form>
          )}
        </div>
      </Card>
    </div>
  )
}
