/** A message shown once after a redirect (the flash) or by the app itself. */
export type ToastMessage = {
  kind: 'success' | 'error' | 'info'
  message: string
  /** Something just moved to the trash: the toast offers to restore it. */
  restore?: { kind: 'property' | 'client' | 'photo' | 'document'; id: string }
}

/** Colours by kind, shared by the app's toast and the share pages' flash note. */
export const KIND_STYLES = {
  success: 'border-success bg-success-soft',
  error: 'border-danger bg-danger-soft',
  info: 'border-line bg-surface',
} as const
