import {
  getCollectionProps,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'
import { CLIENT_LABELS } from '#app/modules/clients/catalog.ts'
import { ClientFormSchema } from '#app/modules/clients/schemas.ts'
import { currencyOptions } from '#app/lib/currencies.ts'
import { useBrokerDefaults } from './broker-formats.tsx'
import { label } from '#app/modules/properties/catalog.ts'
import { ErrorList, Field, RequiredNote, SelectField, SubmitButton, TextareaField } from './form.tsx'
import { CLIENT_KINDS, CLIENT_STAGES, CATEGORIES, PROPERTY_TYPES, PURPOSES } from '#db/reference.ts'
import type { ClientFormDefaults } from '#app/modules/clients/form-defaults.ts'

const clientOptions = (values: readonly string[]) =>
  values.map((value) => ({ value, label: CLIENT_LABELS[value] ?? value }))


/** Create and edit form for a client, with the requirements that drive property matching. */
export function ClientForm({
  defaultValue,
  lastResult,
  submitLabel,
}: {
  defaultValue?: ClientFormDefaults
  lastResult: SubmissionResult<string[]> | undefined | null
  submitLabel: string
}) {
  // A new client's budget starts in the broker's currency (profile); a stored one keeps its own.
  const { defaultCurrency } = useBrokerDefaults()
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { kind: 'buyer', stage: 'new', budgetCurrency: defaultCurrency, ...defaultValue },
    constraint: getZodConstraint(ClientFormSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ClientFormSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const input = (
    name: keyof typeof fields,
    text: string,
    type: 'text' | 'number' | 'email' | 'tel' = 'text',
    extra = {},
  ) => {
    const field = fields[name] as FieldMetadata<string | number | undefined>
    return (
      <Field
        label={text}
        errors={field.errors}
        errorId={field.errorId}
        inputProps={{ ...getInputProps(field, { type }), ...extra }}
      />
    )
  }
  const checkboxes = (name: 'wantedCategories' | 'wantedTypes', legend: string, values: readonly string[]) => {
    const field = fields[name] as FieldMetadata<string[] | undefined>
    return (
      <fieldset className="sm:col-span-2">
        <legend className="text-sm font-medium">{legend}</legend>
        <div className="mt-1 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {getCollectionProps(field, { type: 'checkbox', options: [...values] }).map((props) => (
            <label key={props.key} className="flex items-center gap-2 text-sm">
              <input {...props} key={props.key} />
              {label(props.value)}
            </label>
          ))}
        </div>
        <ErrorList id={field.errorId} errors={field.errors} />
      </fieldset>
    )
  }
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      <RequiredNote />
      <ErrorList id={form.errorId} errors={form.errors} />
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">Contact</legend>
        {input('fullName', 'Full name', 'text', { autoComplete: 'off' })}
        {input('email', 'Email', 'email', { autoComplete: 'off' })}
        {input('phone', 'Phone', 'tel', { autoComplete: 'off' })}
        {input('source', 'Source', 'text', { placeholder: 'Referral, website, walk-in…' })}
        <SelectField
          label="Kind"
          errors={fields.kind.errors}
          errorId={fields.kind.errorId}
          options={clientOptions(CLIENT_KINDS)}
          selectProps={getSelectProps(fields.kind)}
        />
        <SelectField
          label="Stage"
          errors={fields.stage.errors}
          errorId={fields.stage.errorId}
          options={clientOptions(CLIENT_STAGES)}
          selectProps={getSelectProps(fields.stage)}
        />
        <div className="sm:col-span-2">
          {input('tags', 'Tags', 'text', { placeholder: 'first-time buyer, relocating' })}
        </div>
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">Requirements</legend>
        <SelectField
          label="Purpose"
          errors={fields.wantedPurpose.errors}
          errorId={fields.wantedPurpose.errorId}
          placeholder="Buy or rent"
          options={PURPOSES.map((p) => ({ value: p, label: label(p) }))}
          selectProps={getSelectProps(fields.wantedPurpose)}
        />
        {input('wantedPlaces', 'Cities or areas', 'text', { placeholder: 'Lisbon, Alfama' })}
        {input('budgetMin', 'Budget from', 'number', { step: 'any', inputMode: 'decimal' })}
        {input('budgetMax', 'Budget up to', 'number', { step: 'any', inputMode: 'decimal' })}
        <SelectField
          label="Budget currency"
          hint="Only listings in this currency are compared with the budget."
          errors={fields.budgetCurrency.errors}
          errorId={fields.budgetCurrency.errorId}
          options={currencyOptions(defaultValue?.budgetCurrency as string | undefined)}
          selectProps={getSelectProps(fields.budgetCurrency)}
        />
        {input('minBedrooms', 'Bedrooms (at least)', 'number')}
        {checkboxes('wantedCategories', 'Categories', CATEGORIES)}
        {checkboxes('wantedTypes', 'Types', PROPERTY_TYPES)}
      </fieldset>
      <TextareaField
        label="Notes"
        hint="Private: never shown on shared pages."
        errors={fields.notes.errors}
        errorId={fields.notes.errorId}
        textareaProps={getTextareaProps(fields.notes)}
      />
      <SubmitButton pendingText="Saving...">{submitLabel}</SubmitButton>
    </Form>
  )
}
