import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { appCookie } from './cookies.server.ts'

export const ToastSchema = z.object({
  kind: z.enum(['success', 'error', 'info']),
  message: z.string().max(500),
  /** "Moved … to the trash": the toast carries a Restore button for it (a POST to /trash). */
  restore: z.object({ kind: z.enum(['property', 'client', 'photo', 'document']), id: z.uuid() }).optional(),
})
export type Toast = z.infer<typeof ToastSchema>

type FlashBox = { incoming: Toast | null; outgoing: Toast | null; changed: boolean }
const flashContext = createContext<FlashBox>({ incoming: null, outgoing: null, changed: false })
const flashCookie = () => appCookie('bv_flash')

/** Reads the flash toast left by the previous response and writes the next one, if any. */
export const flashMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const raw = await flashCookie().parse(request.headers.get('Cookie'))
  const parsed = ToastSchema.safeParse(raw)
  const box: FlashBox = { incoming: parsed.success ? parsed.data : null, outgoing: null, changed: false }
  context.set(flashContext, box)
  const response = await next()
  if (box.changed) {
    const value = box.outgoing
      ? await flashCookie().serialize(box.outgoing)
      : await flashCookie().serialize('', { maxAge: 0 })
    response.headers.append('Set-Cookie', value)
  }
  return response
}

/** Queues a toast for the next page (post/redirect/get). */
export function setFlash(context: Readonly<RouterContextProvider>, toast: Toast) {
  const box = context.get(flashContext)
  box.outgoing = toast
  box.changed = true
}

/** The toast to show on this page; consumed so it shows once. */
export function takeFlash(context: Readonly<RouterContextProvider>): Toast | null {
  const box = context.get(flashContext)
  const toast = box.incoming
  if (toast) {
    box.incoming = null
    if (!box.outgoing) box.changed = true
  }
  return toast
}
