import { Link } from 'react-router'

/** "+351 912 345 678" → "+351912345678": what tel: links take. */
const dialable = (phone: string) => phone.replace(/[^+\d]/g, '')

/**
 * wa.me takes the number with its country code, digits only. A number written without one
 * ("912 345 678") could be anybody's abroad, so it gets no WhatsApp button, only Call.
 */
export function whatsappHref(phone: string): string | null {
  const number = dialable(phone)
  const international = number.startsWith('+') ? number.slice(1) : number.startsWith('00') ? number.slice(2) : null
  return international && /^[1-9]\d{6,14}$/.test(international) ? `https://wa.me/${international}` : null
}

const ACTION = 'inline-flex items-center gap-1 rounded-md border border-line bg-surface px-3 py-1.5 text-ink no-underline hover:bg-canvas'

/**
 * A client's Call / WhatsApp / E-mail buttons, right under their name: on a phone they were in
 * a card at the very foot of the page, below the matches, deals, agenda and notes.
 */
export function ClientContactBar({ clientId, phone, email, tags }: { clientId: string; phone: string | null; email: string | null; tags: string[] }) {
  const whatsapp = phone ? whatsappHref(phone) : null
  return (
    <section aria-labelledby="client-contact" className="mb-4 text-sm">
      <h2 id="client-contact" className="sr-only">
        Contact
      </h2>
      {phone || email ? (
        <ul className="flex flex-wrap gap-2">
          {phone ? (
            <li>
              <a href={`tel:${dialable(phone)}`} className={ACTION}>
                <span className="font-medium">Call</span> {phone}
              </a>
            </li>
          ) : null}
          {whatsapp ? (
            <li>
              <a href={whatsapp} className={ACTION} target="_blank" rel="noopener noreferrer">
                <span className="font-medium">WhatsApp</span>
              </a>
            </li>
          ) : null}
          {email ? (
            <li>
              <a href={`mailto:${email}`} className={ACTION}>
                <span className="font-medium">E-mail</span> {email}
              </a>
            </li>
          ) : null}
        </ul>
      ) : (
        <p className="text-muted">
          No phone or e-mail yet. <Link to={`/client/edit/${clientId}`}>Add them</Link>
        </p>
      )}
      {tags.length ? <p className="mt-2 text-muted">{`Tags: ${tags.join(', ')}`}</p> : null}
    </section>
  )
}
