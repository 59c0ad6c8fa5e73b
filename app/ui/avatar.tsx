import { initialsOf } from '#app/modules/media/avatar.ts'

/**
 * A broker's avatar as a circle, or their initials when there is none. `alt`: the share card
 * names the picture (the broker's name); in the header the link says who it is.
 */
export function Avatar({ name, src, size, alt = '' }: { name: string; src: string | null; size: number; alt?: string }) {
  const style = { width: size, height: size }
  if (src) {
    return <img src={src} alt={alt} width={size} height={size} style={style} className="shrink-0 rounded-full object-cover" />
  }
  return (
    // Initials repeat the name written beside them: decoration for assistive technology.
    <span
      aria-hidden="true"
      style={{ ...style, fontSize: Math.round(size * 0.4) }}
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-brand-soft font-semibold text-brand"
    >
      {initialsOf(name)}
    </span>
  )
}
