import { data, Form, Link, redirect } from 'react-router'
import { z } from 'zod'
import { readForm } from '#app/http/form-body.server.ts'
import { parseIntentForm } from '#app/http/intent.server.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { setFlash } from '#app/lib/flash.server.ts'
import { notFound } from '#app/lib/http.ts'
import { canManageMembers } from '#app/modules/agencies/members.server.ts'
import { PLACEHOLDERS, TemplateFormSchema } from '#app/modules/leads/templates.ts'
import { createTemplate, deleteTemplate, listTemplates, MAX_TEMPLATES, updateTemplate, type TemplateChange } from '#app/modules/leads/templates.server.ts'
import { Button, ErrorList } from '#app/ui/form.tsx'
import { Card, PageHeader } from '#app/ui/page.tsx'
import type { Route } from './+types/lead-templates'

export const meta: Route.MetaFunction = () => [{ title: 'Reply templates · BrokerVault' }]

/**
 * The agency's reply templates (docs/decisions/037-lead-routing-and-replies.md): every member
 * reads them and uses them on a lead's page; the owner and admins add, change and delete the
 * agency's own. The standard ones are always there.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { scope } = requireAuth(context)
  return { templates: await listTemplates(scope), canChange: canManageMembers(scope) }
}

const TemplateActionSchema = z.discriminatedUnion('intent', [
  TemplateFormSchema.extend({ intent: z.literal('create') }),
  TemplateFormSchema.extend({ intent: z.literal('update'), templateId: z.string().min(1) }),
  z.object({ intent: z.literal('delete'), templateId: z.string().min(1) }),
])

type FieldErrors = Record<string, string[]>
type ActionData = { intent: string; templateId: string; fieldErrors: FieldErrors; values: Record<string, string> }

export async function action({ request, context }: Route.ActionArgs) {
  const { scope } = requireAuth(context)
  const form = await readForm(request)
  const parsed = parseIntentForm(form, TemplateActionSchema)
  const values = Object.fromEntries([...form].filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
  const refused = (fieldErrors: FieldErrors, status = 400) =>
    data<ActionData>({ intent: String(form.get('intent')), templateId: String(form.get('templateId') ?? ''), fieldErrors, values }, { status })
  if (!parsed.success) {
    const fieldErrors: FieldErrors = {}
    for (const issue of parsed.error.issues) (fieldErrors[String(issue.path[0] ?? 'form')] ??= []).push(issue.message)
    return refused(fieldErrors)
  }
  const input = parsed.data
  let result: TemplateChange
  if (input.intent === 'create') result = await createTemplate(scope, { name: input.name, subject: input.subject, body: input.body })
  else if (input.intent === 'update') result = await updateTemplate(scope, input.templateId, { name: input.name, subject: input.subject, body: input.body })
  else result = await deleteTemplate(scope, input.templateId)
  if (result === 'forbidden') throw new Response('Forbidden', { status: 403 })
  if (result === 'not_found') notFound()
  if (result === 'full') return refused({ name: [`An agency keeps at most ${MAX_TEMPLATES} templates of its own: delete one first.`] }, 409)
  setFlash(context, { kind: 'success', message: input.intent === 'create' ? 'Template added.' : input.intent === 'update' ? 'Template saved.' : 'Template deleted.' })
  throw redirect('/leads/templates')
}

const inputStyle = 'mt-1 block w-full rounded-md border border-line bg-surface px-3 py-2 text-base'

export default function LeadTemplatesPage({ loaderData: d, actionData }: Route.ComponentProps) {
  const failed = actionData as ActionData | undefined
  return (
    <>
      <PageHeader title="Reply templates">
        <Link to="/leads" className="text-sm">
          ← Leads
        </Link>
      </PageHeader>
      <Card title="Placeholders">
        <p className="text-sm">A template&apos;s words are filled in for each lead when you reply:</p>
        <ul className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
          {Object.entries(PLACEHOLDERS).map(([key, meaning]) => (
            <li key={key}>
              <code>{`{{${key}}}`}</code>: {meaning}
            </li>
          ))}
        </ul>
      </Card>
      <ul className="mt-4 space-y-4" aria-label="Templates">
        {d.templates.map((template) => (
          <li key={template.id} className="rounded-xl border border-line bg-surface p-4" data-testid="lead-template">
            <h2 className="break-words font-semibold">
              {template.name}
              {template.standard ? <span className="ml-2 text-xs font-normal text-muted">Standard</span> : null}
            </h2>
            <p className="mt-1 break-words text-sm font-medium">{template.subject}</p>
            <p className="mt-1 whitespace-pre-wrap break-words text-sm text-muted">{template.body}</p>
            {d.canChange && !template.standard ? (
              <details className="mt-3 text-sm" open={failed?.intent === 'update' && failed.templateId === template.id}>
                <summary className="cursor-pointer">Change or delete…</summary>
                <TemplateForm idPrefix={`t-${template.id}`} intent="update" templateId={template.id} initial={template} failed={failed?.intent === 'update' && failed.templateId === template.id ? failed : undefined} />
                <Form method="post" className="mt-3">
                  <input type="hidden" name="templateId" value={template.id} />
                  <Button type="submit" name="intent" value="delete" variant="danger">
                    Delete this template
                  </Button>
                </Form>
              </details>
            ) : null}
          </li>
        ))}
      </ul>
      {d.canChange ? (
        <Card title="Add a template" className="mt-4">
          <TemplateForm idPrefix="new-template" intent="create" failed={failed?.intent === 'create' ? failed : undefined} />
        </Card>
      ) : (
        <p className="mt-4 text-sm text-muted">The owner and admins of the agency add and change templates.</p>
      )}
    </>
  )
}

function TemplateForm({
  idPrefix,
  intent,
  templateId,
  initial,
  failed,
}: {
  idPrefix: string
  intent: 'create' | 'update'
  templateId?: string
  initial?: { name: string; subject: string; body: string }
  failed?: ActionData
}) {
  const value = (field: 'name' | 'subject' | 'body') => failed?.values[field] ?? initial?.[field] ?? ''
  const field = (name: 'name' | 'subject', label: string, max: number) => {
    const errors = failed?.fieldErrors[name]
    return (
      <div>
        <label htmlFor={`${idPrefix}-${name}`} className="text-sm font-medium">
          {label}
        </label>
        <input
          id={`${idPrefix}-${name}`}
          name={name}
          required
          maxLength={max}
          defaultValue={value(name)}
          aria-invalid={errors ? true : undefined}
          aria-describedby={errors ? `${idPrefix}-${name}-error` : undefined}
          className={inputStyle}
        />
        <ErrorList id={`${idPrefix}-${name}-error`} errors={errors} />
      </div>
    )
  }
  const bodyErrors = failed?.fieldErrors.body
  return (
    <Form method="post" className="mt-3 space-y-3">
      {templateId ? <input type="hidden" name="templateId" value={templateId} /> : null}
      {field('name', 'Name', 100)}
      {field('subject', 'Subject', 200)}
      <div>
        <label htmlFor={`${idPrefix}-body`} className="text-sm font-medium">
          Message
        </label>
        <textarea
          id={`${idPrefix}-body`}
          name="body"
          required
          maxLength={5000}
          rows={8}
          defaultValue={value('body')}
          aria-invalid={bodyErrors ? true : undefined}
          aria-describedby={bodyErrors ? `${idPrefix}-body-error` : undefined}
          className={inputStyle}
        />
        <ErrorList id={`${idPrefix}-body-error`} errors={bodyErrors} />
      </div>
      <Button type="submit" name="intent" value={intent}>
        {intent === 'create' ? 'Add the template' : 'Save the template'}
      </Button>
    </Form>
  )
}
