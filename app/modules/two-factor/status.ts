/** What /profile shows of two-factor (shared by the module that reads it and the card that shows it). */
export type TwoFactorStatus =
  | { state: 'off' }
  /** Setup started: the QR code (inline SVG) and the secret grouped for typing. */
  | { state: 'pending'; secret: string; qrSvg: string }
  | { state: 'on'; recoveryCodesLeft: number }
