import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type FieldMetadata, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, Link } from 'react-router'
import { dealStageLabel } from '#app/modules/deals/format.ts'
import { FOLLOW_ON_FIELDS, FOLLOW_ON_STAGE, type DealFollowOn } from '#app/modules/deals/follow-on.ts'
import { label } from '#app/modules/properties/catalog.ts'
import {
  DealCreateSchema,
  DealUpdateSchema,
  MAX_DEAL_NOTES_CHARS,
  MAX_DEAL_TITLE_CHARS,
  type DealCreateValue,
  type DealUpdateValue,
} from '#app/modules/deals/schemas.ts'
import { currencyOptions } from '#app/lib/currencies.ts'
import { useBrokerDefaults } from './broker-formats.tsx'
import { Button, ErrorList, Field, RequiredNote, SelectField, SubmitButton, TextareaField } from './form.tsx'
import { DEAL_STAGES } from '#db/reference.ts'

const COMMISSION_TYPE_OPTIONS = [
  { value: 'amount', label: 'An amount (deal currency)' },
  { value: 'percent', label: 'A percentage of the value' },
] as const

type DealFactName = 'title' | 'value' | 'currency' | 'commissionType' | 'commission' | 'coBrokerPercent' | 'expectedCloseDate' | 'notes'
// Text and number fields alike render as one <input>; the schema does the typing.
type DealFactFieldset = Record<DealFactName, FieldMetadata<string | number | undefined>>
type FormResult = SubmissionResult<string[]> | null | undefined

/** Title, value, currency, commission, expected close date and notes: shared by create and edit. */
function DealFactFields({ fields, keepCurrency }: { fields: DealFactFieldset; keepCurrency?: string }) {
  const input = (name: DealFactName, label: string, type: 'text' | 'number' | 'date', extra = {}) => (
    <Field
      label={label}
      errors={fields[name].errors}
      errorId={fields[name].errorId}
      inputProps={{ ...getInputProps(fields[name], { type }), ...extra }}
    />
  )
  return (
    <>
      <div className="sm:col-span-2">{input('title', 'Title', 'text', { maxLength: MAX_DEAL_TITLE_CHARS })}</div>
      {input('value', 'Value', 'number', { step: '0.01', min: 0, inputMode: 'decimal' })}
      <SelectField
        label="Currency"
        errors={fields.currency.errors}
        errorId={fields.currency.errorId}
        options={currencyOptions(keepCurrency)}
        selectProps={getSelectProps(fields.currency)}
      />
      <SelectField
        label="Commission given as"
        errors={fields.commissionType.errors}
        errorId={fields.commissionType.errorId}
        selectProps={getSelectProps(fields.commissionType)}
        options={COMMISSION_TYPE_OPTIONS}
      />
      {input('commission', 'Commission (amount or %)', 'number', { step: '0.01', min: 0, inputMode: 'decimal' })}
      {input('coBrokerPercent', 'Co-broker split (%)', 'number', { step: '0.01', min: 0, max: 100, inputMode: 'decimal' })}
      {input('expectedCloseDate', 'Expected close date', 'date')}
      <div className="sm:col-span-2">
        <TextareaField
          label="Notes"
          errors={fields.notes.errors}
          errorId={fields.notes.errorId}
          textareaProps={{ ...getTextareaProps(fields.notes), rows: 3, maxLength: MAX_DEAL_NOTES_CHARS }}
        />
      </div>
    </>
  )
}

/**
 * The "New deal" form. It always posts to /deals (intent=create); after saving, the broker
 * returns to `redirectTo` (a same-site path, default the new deal's page). Errors found only by
 * the server show on /deals, next to the fields, with the typed values kept.
 *
 * - On /deals: `clients` fills the client select.
 * - On a client page: `clientId` fixes the client (no select), `redirectTo` = the client page.
 */
export function NewDealForm({
  clients = [],
  clientId,
  properties,
  redirectTo,
  lastResult,
}: {
  clients?: readonly { id: string; fullName: string }[]
  clientId?: string
  properties: readonly { id: string; title: string }[]
  redirectTo?: string
  lastResult?: FormResult
}) {
  const { defaultCurrency } = useBrokerDefaults()
  const [form, fields] = useForm<DealCreateValue>({
    id: 'new-deal',
    lastResult,
    // A new deal starts in the broker's currency (profile).
    defaultValue: { currency: defaultCurrency, commissionType: 'amount', clientId, redirectTo },
    constraint: getZodConstraint(DealCreateSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DealCreateSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  if (!clientId && clients.length === 0) {
    return (
      <p className="text-sm text-muted">
        A deal belongs to a client. <Link to="/client/new">Add your first client</Link> to start one.
      </p>
    )
  }
  return (
    <Form method="post" action="/deals" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <RequiredNote />
      </div>
      <ErrorList id={form.errorId} errors={form.errors} />
      <input {...getInputProps(fields.redirectTo, { type: 'hidden' })} />
      {clientId ? (
        <input {...getInputProps(fields.clientId, { type: 'hidden' })} />
      ) : (
        <SelectField
          label="Client"
          errors={fields.clientId.errors}
          errorId={fields.clientId.errorId}
          placeholder="Choose a client…"
          options={clients.map((c) => ({ value: c.id, label: c.fullName }))}
          selectProps={getSelectProps(fields.clientId)}
        />
      )}
      <SelectField
        label="Property (optional)"
        errors={fields.propertyId.errors}
        errorId={fields.propertyId.errorId}
        placeholder="No property"
        options={properties.map((p) => ({ value: p.id, label: p.title }))}
        selectProps={getSelectProps(fields.propertyId)}
      />
      <DealFactFields fields={fields as unknown as DealFactFieldset} />
      <div className="sm:col-span-2">
        <SubmitButton name="intent" value="create" pendingText="Saving...">
          Create deal
        </SubmitButton>
      </div>
    </Form>
  )
}

export type EditableDeal = {
  title: string
  value: number | null
  currency: string
  commission: number | null
  commissionPercent: number | null
  coBrokerPercent: number | null
  expectedCloseDate: string | null
  notes: string
}

/** The edit form on /deal/{id}; posts to the page itself with intent=update. */
export function EditDealForm({ deal, lastResult }: { deal: EditableDeal; lastResult?: FormResult }) {
  const [form, fields] = useForm<DealUpdateValue>({
    id: 'edit-deal',
    lastResult,
    defaultValue: {
      title: deal.title,
      value: deal.value ?? undefined,
      currency: deal.currency,
      commissionType: deal.commissionPercent !== null ? 'percent' : 'amount',
      commission: deal.commissionPercent ?? deal.commission ?? undefined,
      coBrokerPercent: deal.coBrokerPercent ?? undefined,
      expectedCloseDate: deal.expectedCloseDate ?? '',
      notes: deal.notes,
    },
    constraint: getZodConstraint(DealUpdateSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DealUpdateSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <RequiredNote />
      </div>
      <ErrorList id={form.errorId} errors={form.errors} />
      <DealFactFields fields={fields as unknown as DealFactFieldset} keepCurrency={deal.currency} />
      <div className="sm:col-span-2">
        <SubmitButton name="intent" value="update" pendingText="Saving...">
          Save deal
        </SubmitButton>
      </div>
    </Form>
  )
}

/** Select + button that moves one deal to another stage: a plain form post (intent=move). */
export function MoveDealForm({
  dealId,
  stage,
  action,
  redirectTo,
  error,
  followOn,
}: {
  dealId: string
  stage: string
  /** The route whose action handles intent=move; the current page when left out. */
  action?: string
  redirectTo?: string
  error?: string | null
  /** What a move to Closed – won would also change (offered ticked); none when left out. */
  followOn?: DealFollowOn
}) {
  const selectId = `stage-${dealId}`
  return (
    <Form method="post" action={action} className="mt-2">
      <input type="hidden" name="dealId" value={dealId} />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      {/* The button wraps below rather than squash the select below its longest stage name. */}
      <div className="flex flex-wrap gap-2">
        <label htmlFor={selectId} className="sr-only">
          Stage
        </label>
        <select
          id={selectId}
          name="stage"
          required
          defaultValue={stage}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${selectId}-error` : undefined}
          className="min-w-[9.5rem] flex-1 rounded-md border border-line bg-surface px-2 py-1 text-sm"
        >
          {DEAL_STAGES.map((s) => (
            <option key={s} value={s}>
              {dealStageLabel(s)}
            </option>
          ))}
        </select>
        <Button type="submit" name="intent" value="move" variant="secondary" className="px-3 py-1">
          Move
        </Button>
      </div>
      <ErrorList id={`${selectId}-error`} errors={error ? [error] : null} />
      {/* Keyed by the offer: after a move, what is still offered comes back ticked. */}
      {followOn ? <FollowOnChoices key={`${followOn.client?.name}|${followOn.property?.title}`} followOn={followOn} /> : null}
    </Form>
  )
}

/**
 * The changes that follow from a deal won, ticked and in sight: untick one to leave it as it is.
 * app-only.css shows them while "Closed – won" is the chosen stage (CSS alone, so also without
 * JavaScript; a browser without :has() always shows them, and the server ignores them for any
 * other stage).
 */
function FollowOnChoices({ followOn }: { followOn: DealFollowOn }) {
  if (!followOn.client && !followOn.property) return null
  return (
    <fieldset data-follow-on={FOLLOW_ON_STAGE} className="mt-2 space-y-1 text-sm">
      <legend className="font-medium">When closed as won, also:</legend>
      {followOn.client ? (
        <label className="flex items-start gap-2">
          <input type="checkbox" name={FOLLOW_ON_FIELDS.client} value="yes" defaultChecked className="mt-1" />
          <span>{`Set ${followOn.client.name} to Won`}</span>
        </label>
      ) : null}
      {followOn.property ? (
        <label className="flex items-start gap-2">
          <input type="checkbox" name={FOLLOW_ON_FIELDS.property} value="yes" defaultChecked className="mt-1" />
          <span>{`Mark ${followOn.property.title} as ${label(followOn.property.status)}`}</span>
        </label>
      ) : null}
    </fieldset>
  )
}
