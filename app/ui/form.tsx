import { useEffect, type ComponentProps, type ReactNode } from 'react'
import { useNavigation } from 'react-router'

export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return null
  return (
    <ul id={id} className="mt-1 flex flex-col gap-0.5 text-sm text-danger">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  )
}

type FieldFrame = {
  label: string
  errors?: string[] | null
  errorId?: string
  hint?: ReactNode
  /** The id of a message outside the field that makes it invalid too (wrong credentials). */
  invalidBecause?: string
}
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
  invalidBecause,
  required,
  control,
}: FieldFrame & { id: string | undefined; required: boolean; control: (aria: ControlAria) => ReactNode }) {
  const ownErrorId = errors?.length ? (errorId ?? `${id}-error`) : undefined
  const describedBy = [ownErrorId, invalidBecause].filter(Boolean).join(' ') || undefined
  const invalid = ownErrorId || invalidBecause ? true : undefined
  return (
    <div>
      {/* The mark sits beside the label, not in it: the field's name stays the label's words. */}
      <div className="flex items-baseline text-sm font-medium">
        <label htmlFor={id}>{label}</label>
        {required ? <RequiredMark /> : null}
      </div>
      {control({ id, 'aria-invalid': invalid, 'aria-describedby': describedBy })}
      {hint ? <p className="mt-1 text-xs text-muted">{hint}</p> : null}
      <ErrorList id={ownErrorId} errors={errors} />
    </div>
  )
}

/**
 * The visible mark of a required field. The control's `required` attribute is what assistive
 * technology announces, so the asterisk itself is hidden from it.
 */
function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-danger" data-required-mark="">
      *
    </span>
  )
}

/** Explains the mark, once per form that has required fields. */
export function RequiredNote() {
  return (
    <p className="text-xs text-muted">
      Fields marked <span className="text-danger">*</span> are required.
    </p>
  )
}

export function Field({ inputProps, ...frame }: FieldFrame & { inputProps: ComponentProps<'input'> }) {
  return (
    <FieldShell
      {...frame}
      required={Boolean(inputProps.required)}
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

/**
 * With JavaScript, after a refused submission, focus goes to the form's first invalid control.
 * Conform focuses a field with its own error; this also covers a form-level error that marks the
 * fields it concerns (`invalidBecause`). Without JavaScript the server's page shows the errors.
 */
export function useFocusFirstInvalid(formId: string, lastResult: unknown) {
  useEffect(() => {
    if (!lastResult) return
    // Conform reports the result in a layout effect and renders the errors after this effect
    // has run: look once that render is done.
    const timer = setTimeout(() => {
      const first = document.getElementById(formId)?.querySelector<HTMLElement>('[aria-invalid="true"]')
      if (first && document.activeElement?.getAttribute('aria-invalid') !== 'true') first.focus()
    }, 0)
    return () => clearTimeout(timer)
  }, [formId, lastResult])
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
  groups = [],
  placeholder,
  selectProps,
  ...frame
}: FieldFrame & {
  options: readonly Option[]
  /** Options under headings (<optgroup>), after the plain ones: the time zones by region. */
  groups?: readonly { label: string; options: readonly Option[] }[]
  placeholder?: string
  selectProps: ComponentProps<'select'>
}) {
  // A refused post that repeated a single-choice field (rentPeriod=a&rentPeriod=b) comes back
  // as an array; a single select shows one value, the first, as the server read it.
  const { defaultValue } = selectProps
  const single = !selectProps.multiple && Array.isArray(defaultValue) ? { defaultValue: defaultValue[0] } : {}
  return (
    <FieldShell
      {...frame}
      required={Boolean(selectProps.required)}
      id={selectProps.id ?? selectProps.name}
      control={(aria) => (
        <select {...selectProps} {...single} {...aria} className={CONTROL_STYLE}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
          {groups.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </optgroup>
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
      required={Boolean(textareaProps.required)}
      id={textareaProps.id ?? textareaProps.name}
      control={(aria) => <textarea rows={4} {...textareaProps} {...aria} className={CONTROL_STYLE} />}
    />
  )
}
