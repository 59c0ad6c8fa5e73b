import type { KeyboardEvent } from 'react'

/**
 * The grip of a draggable item, and its keyboard way: focused, the arrow keys in `keys` move the
 * item (each posts the same form as the item's Move buttons). Shown only once the app runs: the
 * buttons and selects beside it do the same without JavaScript.
 */
export function DragHandle({
  id,
  label,
  hintId,
  keys,
}: {
  id: string
  label: string
  /** The id of the text that says how to move with the keyboard. */
  hintId: string
  keys: Partial<Record<'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown', () => void>>
}) {
  const onKeyDown = (event: KeyboardEvent) => {
    const move = keys[event.key as keyof typeof keys]
    if (!move) return
    event.preventDefault()
    move()
  }
  return (
    <button
      type="button"
      id={id}
      aria-label={label}
      aria-describedby={hintId}
      aria-keyshortcuts={Object.keys(keys).join(' ')}
      onKeyDown={onKeyDown}
      className="cursor-grab touch-none rounded border border-line bg-surface px-1.5 py-0.5 text-muted hover:text-ink active:cursor-grabbing"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="currentColor">
        <path d="M9 5a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3m6 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3M9 10.5a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3m6 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3M9 16a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3m6 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3" />
      </svg>
    </button>
  )
}
