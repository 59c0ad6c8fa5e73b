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

type FieldFrame = { label: string; errors?: string[] | null; errorId?: string; hint?: ReactNode }
type ControlAria = { id: string | undefined; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined }

const CONTROL_STYLE =
  'mt-1 block w-full rounded-md border border-line bg-surface px-3 py-2 text-base aria-[invalid]:border-danger'

/**
 * Label, control, hint and the server's errors right under it, linked by aria-describedby, for
 * every kind of control (input, select, textarea).
 */
function FieldShell({
  id,
  label,
  errors,
  errorId,
  hint,
  control,
}: FieldFrame & { id: string | undefined; control: (aria: ControlAria) => ReactNode }) {
  const describedBy = errors?.length ? (errorId ?? `${id}-error`) : undefined
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {control({ id, 'aria-invalid': errors?.length ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? <p className="mt-1 text-xs text-muted">{hint}</p> : null}
      <ErrorList id={describedBy} errors={errors} />
    </div>
  )
}

export function Field({ inputProps, ...frame }: FieldFrame & { inputProps: ComponentProps<'input'> }) {
  return (
    <FieldShell
      {...frame}
      id={inputProps.id ?? inputProps.name}
      control={(aria) => <input {...inputProps} {...aria} className={CONTROL_STYLE} />}
    />
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
  options,
  placeholder,
  selectProps,
  ...frame
}: FieldFrame & { options: readonly Option[]; placeholder?: string; selectProps: ComponentProps<'select'> }) {
  return (
    <FieldShell
      {...frame}
      id={selectProps.id ?? selectProps.name}
      control={(aria) => (
        <select {...selectProps} {...aria} className={CONTROL_STYLE}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    />
  )
}

export function TextareaField({ textareaProps, ...frame }: FieldFrame & { textareaProps: ComponentProps<'textarea'> }) {
  return (
    <FieldShell
      {...frame}
      id={textareaProps.id ?? textareaProps.name}
      control={(aria) => <textarea rows={4} {...textareaProps} {...aria} className={CONTROL_STYLE} />}
    />
  )
}
