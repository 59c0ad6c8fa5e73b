import type { ComponentProps, ReactNode } from 'react'
import { useNavigation } from 'react-router'

export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return null
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-danger">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  )
}

type FieldProps = {
  label: string
  errors?: string[] | null
  errorId?: string
  hint?: ReactNode
  inputProps: ComponentProps<'input'>
}

/** Label, input and the server's errors right under it, linked by aria-describedby. */
export function Field({ label, errors, errorId, hint, inputProps }: FieldProps) {
  const id = inputProps.id ?? inputProps.name
  const describedBy = errors?.length ? (errorId ?? `${id}-error`) : undefined
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        {...inputProps}
        id={id}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy}
        className="mt-1 block w-full rounded-md border border-line bg-surface px-3 py-2 text-base aria-[invalid]:border-danger"
      />
      {hint ? <p className="mt-1 text-xs text-muted">{hint}</p> : null}
      <ErrorList id={describedBy} errors={errors} />
    </div>
  )
}

const BUTTON_STYLES = {
  primary: 'bg-brand text-brand-ink hover:opacity-90',
  secondary: 'border border-line bg-surface text-ink hover:bg-canvas',
  danger: 'border border-danger bg-surface text-danger hover:bg-danger-soft',
} as const

export function Button({
  variant = 'primary',
  className = '',
  ...props
}: ComponentProps<'button'> & { variant?: keyof typeof BUTTON_STYLES }) {
  return (
    <button
      {...props}
      className={`inline-flex items-center justify-center rounded-md px-4 py-2 text-sm font-medium disabled:opacity-60 ${BUTTON_STYLES[variant]} ${className}`}
    />
  )
}

/** A submit button that says `pendingText` while its own form is being submitted (JS on). */
export function SubmitButton({
  children,
  pendingText = 'Loading...',
  name,
  value,
  ...props
}: ComponentProps<typeof Button> & { pendingText?: string }) {
  const navigation = useNavigation()
  const pending =
    navigation.state === 'submitting' &&
    (name === undefined || navigation.formData?.get(String(name)) === String(value ?? ''))
  return (
    <Button type="submit" name={name} value={value} disabled={pending} {...props}>
      {pending ? pendingText : children}
    </Button>
  )
}

/** A field only bots fill in; the server refuses any submission that has it. */
export function Honeypot() {
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor="website">Website</label>
      <input id="website" name="website" type="text" tabIndex={-1} autoComplete="off" />
    </div>
  )
}

type Option = { value: string; label: string }

export function SelectField({
  label,
  errors,
  errorId,
  options,
  placeholder,
  selectProps,
}: {
  label: string
  errors?: string[] | null
  errorId?: string
  options: readonly Option[]
  placeholder?: string
  selectProps: ComponentProps<'select'>
}) {
  const id = selectProps.id ?? selectProps.name
  const describedBy = errors?.length ? (errorId ?? `${id}-error`) : undefined
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <select
        {...selectProps}
        id={id}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy}
        className="mt-1 block w-full rounded-md border border-line bg-surface px-3 py-2 text-base aria-[invalid]:border-danger"
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ErrorList id={describedBy} errors={errors} />
    </div>
  )
}

export function TextareaField({
  label,
  errors,
  errorId,
  hint,
  textareaProps,
}: {
  label: string
  errors?: string[] | null
  errorId?: string
  hint?: ReactNode
  textareaProps: ComponentProps<'textarea'>
}) {
  const id = textareaProps.id ?? textareaProps.name
  const describedBy = errors?.length ? (errorId ?? `${id}-error`) : undefined
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <textarea
        rows={4}
        {...textareaProps}
        id={id}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy}
        className="mt-1 block w-full rounded-md border border-line bg-surface px-3 py-2 text-base aria-[invalid]:border-danger"
      />
      {hint ? <p className="mt-1 text-xs text-muted">{hint}</p> : null}
      <ErrorList id={describedBy} errors={errors} />
    </div>
  )
}
