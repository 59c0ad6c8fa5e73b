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
import { useMemo } from 'react'
import { Form } from 'react-router'
import { FEATURES, FIELDS_BY_CATEGORY, label } from '#app/modules/properties/catalog.ts'
import { propertyFormSchema } from '#app/modules/properties/schemas.ts'
import { currencyOptions } from '#app/lib/currencies.ts'
import { useBrokerDefaults } from './broker-formats.tsx'
import { ErrorList, Field, RequiredNote, SelectField, SubmitButton, TextareaField } from './form.tsx'
import { AREA_UNITS, PURPOSES, RENT_PERIODS, STATUSES, TYPES_BY_CATEGORY, VISIBILITIES, type Category } from '#db/reference.ts'
import type { PropertyFormDefaults } from '#app/modules/properties/form-defaults.ts'

const options = (values: readonly string[]) => values.map((value) => ({ value, label: label(value) }))


/** The create and edit form; fields fit the category (land has no bedrooms, floor, …). */
export function PropertyForm({
  category,
  defaultValue,
  lastResult,
  submitLabel,
}: {
  category: Category
  defaultValue?: PropertyFormDefaults
  lastResult: SubmissionResult<string[]> | undefined | null
  submitLabel: string
}) {
  const schema = useMemo(() => propertyFormSchema(category), [category])
  // A new listing starts in the broker's currency and area unit (profile); a stored one keeps its own.
  const { defaultCurrency, areaUnit } = useBrokerDefaults()
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { currency: defaultCurrency, status: 'draft', visibility: 'private', areaUnit, ...defaultValue },
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const facts = FIELDS_BY_CATEGORY[category]
  const input = (name: keyof typeof fields, text: string, type: 'text' | 'number' = 'text', extra = {}) => {
    // Text and number fields alike render as one <input>; the schema does the typing.
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
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      <RequiredNote />
      <ErrorList id={form.errorId} errors={form.errors} />
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">Listing</legend>
        <div className="sm:col-span-2">{input('title', 'Title')}</div>
        <SelectField label="Type" errors={fields.type.errors} errorId={fields.type.errorId} placeholder="Choose…" options={options(TYPES_BY_CATEGORY[category])} selectProps={getSelectProps(fields.type)} />
        <SelectField label="Purpose" errors={fields.purpose.errors} errorId={fields.purpose.errorId} placeholder="Choose…" options={options(PURPOSES)} selectProps={getSelectProps(fields.purpose)} />
        <SelectField label="Rent period (when for rent)" errors={fields.rentPeriod.errors} errorId={fields.rentPeriod.errorId} placeholder="—" options={options(RENT_PERIODS)} selectProps={getSelectProps(fields.rentPeriod)} />
        {input('price', 'Price', 'number', { step: '0.01', inputMode: 'decimal' })}
        <SelectField label="Currency" errors={fields.currency.errors} errorId={fields.currency.errorId} options={currencyOptions(defaultValue?.currency as string | undefined)} selectProps={getSelectProps(fields.currency)} />
        {input('referenceCode', 'Reference code')}
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">Location</legend>
        <div className="sm:col-span-2">{input('street', 'Street')}</div>
        {input('area', 'Area')}
        {input('city', 'City')}
        {input('region', 'Region')}
        {input('postalCode', 'Postal code')}
        {input('country', 'Country')}
        <div className="grid grid-cols-2 gap-3">
          {input('latitude', 'Latitude', 'number', { step: 'any' })}
          {input('longitude', 'Longitude', 'number', { step: 'any' })}
        </div>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-2 text-lg font-semibold">Details</legend>
        {facts.bedrooms ? input('bedrooms', 'Bedrooms', 'number') : null}
        {facts.bathrooms ? input('bathrooms', 'Bathrooms', 'number') : null}
        {facts.parking ? input('parking', 'Parking spaces', 'number') : null}
        {facts.floor ? input('floor', 'Floor', 'number') : null}
        {facts.yearBuilt ? input('yearBuilt', 'Year built', 'number') : null}
        {facts.furnished ? (
          <SelectField label="Furnished" errors={fields.furnished.errors} errorId={fields.furnished.errorId} placeholder="Not stated" options={[{ value: 'yes', label: 'Furnished' }, { value: 'no', label: 'Unfurnished' }]} selectProps={getSelectProps(fields.furnished)} />
        ) : null}
        {facts.builtArea ? input('builtArea', 'Built area', 'number', { step: '0.01' }) : null}
        {input('landArea', 'Land area', 'number', { step: '0.01' })}
        <SelectField label="Area unit" errors={fields.areaUnit.errors} errorId={fields.areaUnit.errorId} options={options(AREA_UNITS)} selectProps={getSelectProps(fields.areaUnit)} />
      </fieldset>

      <fieldset>
        <legend className="mb-2 text-lg font-semibold">Features</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {getCollectionProps(fields.features, { type: 'checkbox', options: [...FEATURES] }).map((props) => (
            <label key={props.key} className="flex items-center gap-2 text-sm">
              <input {...props} key={props.key} />
              {label(props.value)}
            </label>
          ))}
        </div>
        <ErrorList id={fields.features.errorId} errors={fields.features.errors} />
      </fieldset>

      <div className="space-y-4">
        {input('tags', 'Tags', 'text', { placeholder: 'sea view, renovated, near metro' })}
        <TextareaField label="Description" errors={fields.description.errors} errorId={fields.description.errorId} textareaProps={{ ...getTextareaProps(fields.description), rows: 6 }} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Status" errors={fields.status.errors} errorId={fields.status.errorId} options={options(STATUSES)} selectProps={getSelectProps(fields.status)} />
          <SelectField label="Visibility" errors={fields.visibility.errors} errorId={fields.visibility.errorId} options={options(VISIBILITIES)} selectProps={getSelectProps(fields.visibility)} />
        </div>
        <TextareaField label="Private notes" hint="Only you see these; never shown on shared pages." errors={fields.privateNotes.errors} errorId={fields.privateNotes.errorId} textareaProps={getTextareaProps(fields.privateNotes)} />
      </div>

      <SubmitButton pendingText="Saving...">{submitLabel}</SubmitButton>
    </Form>
  )
}
