import { Form } from 'react-router'
import { AgencyLogo } from './share-page.tsx'
import { Button, ErrorList, SubmitButton } from './form.tsx'

/**
 * The agency's logo on /agency: shown to everyone, uploaded (JPEG, PNG, WebP, AVIF or GIF; kept
 * in shape) and removed by the owner and admins. Plain multipart forms: they work without
 * JavaScript.
 */
export function AgencyLogoForms({ name, src, manage, error }: { name: string; src: string | null; manage: boolean; error: string | undefined }) {
  const errorId = error ? 'logo-error' : undefined
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-4">
        {src ? <AgencyLogo src={src} name={name} /> : <p className="text-sm text-muted">No logo yet: client pages show the agency’s name alone.</p>}
        {src && manage ? (
          <Form method="post">
            <Button type="submit" name="intent" value="remove-logo" variant="secondary">
              Remove logo
            </Button>
          </Form>
        ) : null}
      </div>
      {manage ? (
        <Form method="post" action="/agency?upload=logo" encType="multipart/form-data" className="space-y-2">
          <div>
            <label htmlFor="logo" className="text-sm font-medium">
              {src ? 'Replace with another image' : 'Upload a logo'}
            </label>
            <input
              id="logo"
              name="logo"
              type="file"
              required
              accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
              aria-invalid={error ? true : undefined}
              aria-describedby={['logo-hint', errorId].filter(Boolean).join(' ')}
              className="mt-1 block w-full text-sm"
            />
            <p id="logo-hint" className="mt-1 text-xs text-muted">
              JPEG, PNG, WebP, AVIF or GIF up to 15 MB; a PNG keeps its transparent background. Clients see it on share
              pages, brochures and e-mails, above the contact of the agent who looks after them.
            </p>
            <ErrorList id={errorId} errors={error ? [error] : null} />
          </div>
          <SubmitButton name="intent" value="upload-logo" variant="secondary" pendingText="Uploading...">
            Save logo
          </SubmitButton>
        </Form>
      ) : null}
    </div>
  )
}
