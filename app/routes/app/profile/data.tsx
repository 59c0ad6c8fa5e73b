import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { z } from 'zod'
import { data, Form, Link } from 'react-router'
import { parseIntentSubmission } from '#app/http/intent.server.ts'
import { readForm } from '#app/http/form-body.server.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { DELETE_CONFIRMATION_WORD, DeleteAccountSchema } from '#app/modules/auth/schemas.ts'
import { exportDownloadPath, listDataExports } from '#app/modules/exports/data-exports.server.ts'
import { Button, ErrorList, Field, RequiredNote, SubmitButton } from '#app/ui/form.tsx'
import { Card, PageHeader } from '#app/ui/page.tsx'
import { handleDeleteAccount } from './account.server.ts'
import { forTheAccount } from '#app/http/tenancy.server.ts'
import { When } from '#app/ui/broker-formats.tsx'
import type { Route } from './+types/data'

export const meta: Route.MetaFunction = () => [{ title: 'Your data · Profile · BrokerVault' }]

export async function loader({ context }: Route.LoaderArgs) {
  const { user } = requireAuth(context)
  const exports = await listDataExports(user.id)
  return {
    exports: exports.map((e) => ({
      id: e.id,
      ready: e.status === 'ready',
      href: exportDownloadPath(e.id),
      megabytes: e.bytes === null ? null : Math.max(0.1, Math.round(e.bytes / 104857.6) / 10),
      createdAt: e.createdAt.toISOString(),
      expiresAt: e.expiresAt?.toISOString() ?? null,
    })),
  }
}

const DataActionSchema = z.discriminatedUnion('intent', [DeleteAccountSchema.extend({ intent: z.literal('delete-account') })])
const HIDE_DELETE_PASSWORD = { hideFields: ['password'] }

/** Deleting the account ("Export my data" posts to /profile/export, a download). */
export async function action({ request, context }: Route.ActionArgs) {
  const auth = requireAuth(context)
  const submission = parseIntentSubmission(await readForm(request), DataActionSchema)
  if (submission.status !== 'success') return data({ deleteResult: submission.reply(HIDE_DELETE_PASSWORD) }, { status: 400 })
  // Every agency of the account and its queued jobs: not one agency's scope.
  const refused = await forTheAccount(() => handleDeleteAccount(context, auth, submission.value.password))
  const reply = refused.field
    ? submission.reply({ ...HIDE_DELETE_PASSWORD, fieldErrors: { [refused.field]: [refused.message] } })
    : submission.reply({ ...HIDE_DELETE_PASSWORD, formErrors: [refused.message] })
  return data({ deleteResult: reply }, { status: refused.status })
}

export default function DataSection({ loaderData: d, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Your data" />
      <Card title="Export my data" className="max-w-xl">
        <DataExport exports={d.exports} />
      </Card>
      <DangerZone lastResult={actionData?.deleteResult} />
    </>
  )
}

/**
 * "Export my data": a plain form (reloadDocument), so the browser downloads the zip the answer
 * carries, or follows the redirect with the "we will e-mail you" toast for a large account.
 */
function DataExport({ exports }: { exports: Route.ComponentProps['loaderData']['exports'] }) {
  return (
    <div className="space-y-3 text-sm">
      <p>
        A zip with everything in your account: your data as JSON and CSV files, and your photos and documents.{' '}
        <Link to="/data-policy#export">What it holds</Link>.
      </p>
      <Form method="post" action="/profile/export" reloadDocument>
        <Button type="submit" name="intent" value="export-data" variant="secondary">
          Export my data
        </Button>
      </Form>
      {exports.length ? (
        <ul aria-label="Your exports" className="divide-y divide-line">
          {exports.map((e) => (
            <li key={e.id} className="py-2">
              {e.ready ? (
                <>
                  <a href={e.href} download>
                    Download export of <When value={e.createdAt} className="" />
                  </a>
                  {e.megabytes === null ? '' : ` (${e.megabytes} MB)`}
                  <span className="block text-muted">
                    {e.expiresAt ? (
                      <>
                        Available until <When value={e.expiresAt} className="" />
                      </>
                    ) : null}
                  </span>
                </>
              ) : (
                <>
                  Export of <When value={e.createdAt} className="" />: being prepared; we will e-mail you
                  a link.
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

/** Deleting the account, apart from everything else: the password and the typed word. */
function DangerZone({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useForm({
    id: 'delete-account',
    lastResult,
    constraint: getZodConstraint(DeleteAccountSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DeleteAccountSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <section aria-labelledby="danger-zone" className="mt-10 rounded-xl border-2 border-danger p-4">
      <h2 id="danger-zone" className="text-lg font-semibold text-danger">
        Danger zone
      </h2>
      <h3 className="mt-2 font-semibold">Delete account</h3>
      <p className="mt-1 text-sm">
        This deletes your account and everything in it at once: properties, photos, documents, clients, shortlists,
        share links, deals, notes, activity and your avatar. Share links stop working. It cannot be undone.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-3 max-w-md space-y-3">
        <RequiredNote />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field label="Your password" errors={fields.password.errors} errorId={fields.password.errorId}
          inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'current-password' }} />
        <Field label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`} errors={fields.confirmation.errors} errorId={fields.confirmation.errorId}
          inputProps={{ ...getInputProps(fields.confirmation, { type: 'text' }), autoComplete: 'off', autoCapitalize: 'characters', spellCheck: false }} />
        <SubmitButton name="intent" value="delete-account" variant="danger" pendingText="Deleting...">
          Delete my account
        </SubmitButton>
      </Form>
    </section>
  )
}
