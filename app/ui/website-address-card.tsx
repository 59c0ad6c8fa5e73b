import { Form } from 'react-router'
import { WEBSITE_SLUG_MAX_LENGTH } from '#app/modules/agencies/website-slug.ts'
import { ErrorList } from './form.tsx'

/**
 * The agency's public website on /agency (docs/decisions/036-enquiries-and-website.md): where it
 * is, and for owners and admins a form to change its address (the old one keeps redirecting).
 */
export function WebsiteAddressCard({ slug, manage, errors }: { slug: string | null; manage: boolean; errors?: string[] }) {
  if (!slug) return null
  const path = `/a/${slug}`
  return (
    <div className="space-y-3 text-sm">
      <p>
        {'Your public listings, agents and an enquiry form are at '}
        <a href={path} data-testid="website-link">
          {path}
        </a>
        . Enquiries sent there arrive in Leads.
      </p>
      {manage ? (
        <Form method="post" className="space-y-2">
          <input type="hidden" name="intent" value="website-address" />
          <label htmlFor="website-slug" className="block font-medium">
            Website address
          </label>
          <div className="flex items-center gap-1">
            <span className="text-muted">/a/</span>
            <input
              id="website-slug"
              name="slug"
              type="text"
              required
              maxLength={WEBSITE_SLUG_MAX_LENGTH}
              pattern="[a-z0-9]+(-[a-z0-9]+)*"
              title="Lower-case letters, digits and hyphens"
              defaultValue={slug}
              aria-invalid={errors?.length ? true : undefined}
              aria-describedby={errors?.length ? 'website-slug-error' : 'website-slug-hint'}
              className="w-full rounded-md border border-line bg-surface px-2 py-1.5"
            />
          </div>
          <p id="website-slug-hint" className="text-xs text-muted">
            Changing it keeps the old address working: visitors and search engines are sent to the new one.
          </p>
          <ErrorList id="website-slug-error" errors={errors} />
          <button type="submit" className="rounded-md bg-brand px-4 py-2 text-sm font-medium text-brand-ink">
            Change address
          </button>
        </Form>
      ) : null}
    </div>
  )
}
