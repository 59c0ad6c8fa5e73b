import { When } from './broker-formats.tsx'

type Message = {
  id: string
  direction: 'out' | 'in'
  authorName: string | null
  fromAddress: string | null
  toAddress: string | null
  subject: string
  body: string
  createdAt: string
}

/**
 * A lead's conversation, oldest first: replies sent from the app and the answers that came back
 * (docs/decisions/037-lead-routing-and-replies.md). Plain text only: a mail is never HTML here.
 */
export function Conversation({ messages }: { messages: readonly Message[] }) {
  if (messages.length === 0) return <p className="text-sm text-muted">No messages yet. A reply you send and their answer show here.</p>
  return (
    <ol className="space-y-3" aria-label="Messages" data-testid="lead-conversation">
      {messages.map((message) => (
        <li
          key={message.id}
          data-direction={message.direction}
          className={`rounded-md border border-line p-3 text-sm ${message.direction === 'out' ? 'bg-brand-soft' : 'bg-canvas'}`}
        >
          <p className="flex flex-wrap justify-between gap-2 text-xs text-muted">
            <span className="break-all">
              {message.direction === 'out' ? `${message.authorName ?? 'Sent'} → ${message.toAddress ?? ''}` : `From ${message.fromAddress ?? 'them'}`}
            </span>
            <When value={message.createdAt} className="" />
          </p>
          {message.subject ? <p className="mt-1 break-words font-medium">{message.subject}</p> : null}
          <p className="mt-1 whitespace-pre-wrap break-words">{message.body}</p>
        </li>
      ))}
    </ol>
  )
}
