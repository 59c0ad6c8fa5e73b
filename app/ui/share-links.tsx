import { useState } from 'react'
import { Form } from 'react-router'
import {
  SHARE_EXPIRY_MAX_DAYS,
  shareTargets,
  type ShareLinkState,
  type ShareLinkSummary,
  type SharePanelData,
} from '#app/modules/sharing/share-links.ts'
import type { ShareKind } from '#db/reference.ts'
import { useHydrated } from './use-hydrated.ts'
import { Button, SubmitButton } from './form.tsx'
import { countOf } from '#app/lib/format.ts'
import { When } from './broker-formats.tsx'

type ShareLinksProps = SharePanelData & {
  /** Where /shares sends the broker back (this page's path). */
  redirectTo: string
}

const STATE_LABELS: Record<ShareLinkState, string> = { live: 'Live', revoked: 'Revoked', expired: 'Expired' }
const STATE_STYLES: Record<ShareLinkState, string> = {
  live: 'bg-success-soft text-success',
  revoked: 'bg-danger-soft text-danger',
  expired: 'bg-canvas text-muted',
}

/**
 * The share panel of a property or a client listing: its links (live first), each with the
 * full URL in a read-only field (select and copy, no script needed), views, expiry and a
 * Revoke button; then a form for a new link, or why there is nothing to share. Both forms post
 * to /shares, which redirects back.
 */
export function ShareLinks({ shares, kind, targetId, redirectTo, appUrl, nothingToShow }: ShareLinksProps) {
  const ordered = [...shares.filter((s) => s.state === 'live'), ...shares.filter((s) => s.state !== 'live')]
  return (
    <section aria-labelledby="share-links-title" className="space-y-3 rounded-xl border border-line bg-surface p-4">
      <h2 id="share-links-title" className="font-semibold">Share links</h2>
      {ordered.length === 0 ? (
        <p className="text-sm text-muted">No share links yet. A link shows a view-only page to anyone who has it.</p>
      ) : (
        <ul className="space-y-3">
          {ordered.map((share) => (
            <ShareLinkRow key={share.id} kind={kind} share={share} url={`${appUrl}${share.path}`} redirectTo={redirectTo} />
          ))}
        </ul>
      )}
      {nothingToShow ? (
        <p className="border-t border-line pt-3 text-sm">
          <strong className="font-semibold">Nothing to share yet. </strong>
          {nothingToShow}
          {ordered.some((s) => s.state === 'live') ? ' Its live links show clients nothing until then.' : ''}
        </p>
      ) : (
        <Form method="post" action="/shares" className="flex flex-wrap items-end gap-2 border-t border-line pt-3">
          <input type="hidden" name="kind" value={kind} />
          <input type="hidden" name="targetId" value={targetId} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <div>
            <label htmlFor={`share-expiry-${targetId}`} className="block text-sm font-medium">
              Expires after (days, optional)
            </label>
            <input
              id={`share-expiry-${targetId}`}
              name="expiresInDays"
              type="number"
              inputMode="numeric"
              min={1}
              max={SHARE_EXPIRY_MAX_DAYS}
              step={1}
              placeholder="Never"
              className="mt-1 w-32 rounded-md border border-line bg-surface px-3 py-2"
            />
          </div>
          <SubmitButton name="intent" value="create" pendingText="Creating...">
            Create share link
          </SubmitButton>
        </Form>
      )}
    </section>
  )
}

function ShareLinkRow({ kind, share, url, redirectTo }: { kind: ShareKind; share: ShareLinkSummary; url: string; redirectTo: string }) {
  const inputId = `share-url-${share.id}`
  return (
    <li className="space-y-1 rounded-lg border border-line p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span data-badge="" className={`rounded px-2 py-0.5 text-xs font-medium ${STATE_STYLES[share.state]}`}>{STATE_LABELS[share.state]}</span>
        <label htmlFor={inputId} className="text-muted">
          Share link
        </label>
        {share.state === 'live' ? <CopyButton url={url} /> : null}
      </div>
      {/* A wrapping read-only field: the whole URL is visible on a phone, and selectable without script. */}
      <textarea
        id={inputId}
        readOnly
        rows={2}
        value={url}
        spellCheck={false}
        className="block w-full resize-none break-all rounded-md border border-line bg-canvas px-2 py-1 font-mono text-xs"
      />
      <ShareHistory share={share} />
      {share.state === 'live' ? <SendLink kind={kind} url={url} qrSvg={share.qrSvg} /> : null}
      {share.state === 'live' ? (
        <Form method="post" action="/shares">
          <input type="hidden" name="shareId" value={share.id} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Button type="submit" name="intent" value="revoke" variant="danger" className="px-3 py-1">
            Revoke
          </Button>
        </Form>
      ) : null}
    </li>
  )
}

/** The QR code (a client scans it off the broker's screen or a print) and ready-made messages. */
function SendLink({ kind, url, qrSvg }: { kind: ShareKind; url: string; qrSvg: string | null }) {
  const targets = shareTargets(kind, url)
  const link = 'rounded-md border border-line px-3 py-1 no-underline'
  return (
    <div className="flex flex-wrap items-center gap-3">
      {qrSvg ? (
        <div role="img" aria-label={`QR code of the link ${url}`} data-testid="share-qr" className="w-28 shrink-0 bg-white" dangerouslySetInnerHTML={{ __html: qrSvg }} />
      ) : null}
      <div className="flex flex-wrap gap-2">
        <a href={targets.whatsapp} className={link} target="_blank" rel="noopener noreferrer">WhatsApp</a>
        <a href={targets.sms} className={link}>SMS</a>
        <a href={targets.email} className={link}>E-mail</a>
      </div>
    </div>
  )
}

/** "Created yesterday 14:10 · 2 views · last viewed 5 min ago · expires Thu 3 Dec 2026, 10:00", each moment a <time>. */
function ShareHistory({ share }: { share: ShareLinkSummary }) {
  const views = countOf(share.viewCount, 'view', 'views')
  const ending =
    share.state === 'revoked' && share.revokedAt ? (
      <>
        {'revoked '}
        <When value={share.revokedAt} className="" />
      </>
    ) : share.expiresAt ? (
      <>
        {`${share.state === 'expired' ? 'expired' : 'expires'} `}
        <When value={share.expiresAt} className="" />
      </>
    ) : (
      'never expires'
    )
  return (
    <p className="text-muted">
      {'Created '}
      <When value={share.createdAt} className="" />
      {` · ${views} · `}
      {share.lastViewedAt ? (
        <>
          {'last viewed '}
          <When value={share.lastViewedAt} className="" />
        </>
      ) : (
        'not viewed yet'
      )}
      {' · '}
      {ending}
    </p>
  )
}


/**
 * Only once hydrated (the clipboard needs JavaScript); without it the field is there to copy.
 * Before, an invisible stand-in holds its place: the app hydrates at the broker's first touch,
 * and a row that grew then would move Revoke and the rest from under the finger.
 */
function CopyButton({ url }: { url: string }) {
  const hydrated = useHydrated()
  const [copied, setCopied] = useState(false)
  if (!hydrated) {
    return (
      <Button type="button" variant="secondary" className="invisible px-3 py-1" aria-hidden tabIndex={-1} disabled>
        Copy link
      </Button>
    )
  }
  return (
    <Button
      type="button"
      variant="secondary"
      className="px-3 py-1"
      onClick={() => {
        void navigator.clipboard?.writeText(url).then(() => setCopied(true), () => setCopied(false))
      }}
    >
      {copied ? 'Copied' : 'Copy link'}
    </Button>
  )
}
