import type { ReactNode } from 'react'
import { Form } from 'react-router'
import { Button } from './form.tsx'
import { Card } from './page.tsx'

/** What tells one private feed from another on /profile. */
export type PrivateFeedWording = {
  /** The anchor the route redirects back to, and the prefix of the field's id. */
  id: string
  title: string
  intro: ReactNode
  addressLabel: string
  leakNote: string
  /** The route that makes, replaces and revokes the address. */
  action: string
  createLabel: string
  replaceLabel: string
  revokeLabel: string
}

/**
 * A revocable secret address on /profile (the portal's XML feed, the calendar feed): the
 * address to copy when there is one, with Replace and Turn off; otherwise Create.
 */
export function PrivateFeedCard({ url, wording: w }: { url: string | null; wording: PrivateFeedWording }) {
  const fieldId = `${w.id}-url`
  return (
    <div id={w.id}>
      <Card title={w.title}>
        <div className="space-y-3 text-sm">
          <p>{w.intro}</p>
          {url ? (
            <>
              <p>
                <label htmlFor={fieldId} className="block font-medium">{w.addressLabel}</label>
                <input id={fieldId} readOnly value={url} className="mt-1 w-full rounded-md border border-line bg-canvas px-2 py-1.5 font-mono text-xs" />
              </p>
              <p className="text-muted">{w.leakNote}</p>
              <div className="flex flex-wrap gap-3">
                <Form method="post" action={w.action}>
                  <Button type="submit" name="intent" value="create" variant="secondary">{w.replaceLabel}</Button>
                </Form>
                <Form method="post" action={w.action}>
                  <Button type="submit" name="intent" value="revoke" variant="danger">{w.revokeLabel}</Button>
                </Form>
              </div>
            </>
          ) : (
            <Form method="post" action={w.action}>
              <Button type="submit" name="intent" value="create" variant="secondary">{w.createLabel}</Button>
            </Form>
          )}
        </div>
      </Card>
    </div>
  )
}
