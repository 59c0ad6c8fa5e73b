import { data, Link, redirect, useSubmit } from 'react-router'
import { z } from 'zod'
import { orNotFound } from '#app/lib/http.ts'
import { setFlash } from '#app/lib/flash.server.ts'
import { safeRedirectPath } from '#app/lib/safe-redirect.ts'
import { listDealsByStage, summarizeBoard, type BoardColumn, type BoardDeal, type StagesTotal } from '#app/modules/deals/board.server.ts'
import { createDeal, dealFollowOns } from '#app/modules/deals/deals.server.ts'
import type { DealFollowOn } from '#app/modules/deals/follow-on.ts'
import { dealStageLabel, formatCalendarDay, formatCommissionTotals, formatCurrencyTotals, formatDealValue } from '#app/modules/deals/format.ts'
import { useFormats } from '#app/ui/broker-formats.tsx'
import { listClientOptions, listPropertyOptions } from '#app/modules/deals/options.server.ts'
import { DealCreateSchema } from '#app/modules/deals/schemas.ts'
import { parseIntentSubmission } from '#app/http/intent.server.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { MoveDealForm, NewDealForm } from '#app/ui/deal-form.tsx'
import { EmptyState, PageHeader } from '#app/ui/page.tsx'
import { DragHandle } from '#app/ui/drag-handle.tsx'
import { dragSourceProps, useDropTarget, useFocusAfterMove } from '#app/ui/drag-move.ts'
import { useHydrated } from '#app/ui/use-hydrated.ts'
import { DEAL_STAGES, type DealStage } from '#db/reference.ts'
import { handleMoveDeal, MoveDealIntentSchema } from './deal-move.server.ts'
import type { Route } from './+types/deals'
import { readForm } from '#app/http/form-body.server.ts'
import { requireOwnedFormIds } from '#app/http/owned-ids.server.ts'

export const meta: Route.MetaFunction = () => [{ title: 'Deals · BrokerVault' }]

export async function loader({ context }: Route.LoaderArgs) {
  const { scope } = requireAuth(context)
  const [columns, clients, properties] = await Promise.all([
    listDealsByStage(scope),
    listClientOptions(scope),
    listPropertyOptions(scope),
  ])
  const followOns = await dealFollowOns(scope, columns.flatMap((column) => column.deals))
  return { columns, summary: summarizeBoard(columns), clients, properties, followOns }
}

const DealsActionSchema = z.discriminatedUnion('intent', [
  DealCreateSchema.safeExtend({ intent: z.literal('create') }),
  MoveDealIntentSchema,
])

// Also the target of the "New deal" form embedded on client pages (with their own redirectTo).
export async function action({ request, context }: Route.ActionArgs) {
  const { scope } = requireAuth(context)
  const form = await readForm(request)
  const submission = parseIntentSubmission(form, DealsActionSchema)
  if (submission.payload.intent === 'move') return handleMoveDeal(context, scope, form, form.get('dealId'), '/deals')
  // Ownership first: another broker's client or property is a 404 whatever else is wrong.
  await requireOwnedFormIds(scope, [
    ['client', form.get('clientId')],
    ['property', form.get('propertyId')],
  ])
  if (submission.status !== 'success') {
    return data({ intent: 'create' as const, result: submission.reply() }, { status: 400 })
  }
  if (submission.value.intent !== 'create') throw new Error('unreachable: move is handled above')
  const { redirectTo, intent: _intent, ...deal } = submission.value
  const created = orNotFound(await createDeal(scope, deal))
  setFlash(context, { kind: 'success', message: `Deal ${deal.title} created.` })
  throw redirect(safeRedirectPath(redirectTo, `/deal/${created.id}`))
}

export default function DealsPage({ loaderData: d, actionData }: Route.ComponentProps) {
  const createResult = actionData?.intent === 'create' ? actionData.result : undefined
  const moveError = actionData?.intent === 'move' ? actionData : undefined
  const dealCount = d.columns.reduce((sum, column) => sum + column.count, 0)
  return (
    <>
      <PageHeader title="Deals">
        <div className="text-sm text-muted">
          <BoardTotal label="Open pipeline" commissionLabel="expected commission" total={d.summary.open} testId="pipeline-open" />
          <BoardTotal label="Won" commissionLabel="commission" total={d.summary.won} testId="pipeline-won" />
        </div>
      </PageHeader>
      <details open={Boolean(createResult) || dealCount === 0} className="mb-6 rounded-xl border border-line bg-surface p-4">
        <summary className="cursor-pointer font-semibold">New deal</summary>
        <div className="mt-4">
          <NewDealForm clients={d.clients} properties={d.properties} redirectTo="/deals" lastResult={createResult} />
        </div>
      </details>
      {dealCount === 0 ? (
        <EmptyState title="No deals yet">
          <p>Every deal starts as a lead. Move it across the stages as it progresses, up to closed – won or lost.</p>
        </EmptyState>
      ) : (
        <Board columns={d.columns} moveError={moveError} followOns={d.followOns} />
      )}
    </>
  )
}

const DEAL_DRAG_TYPE = 'application/x-brokervault-deal'
const MOVE_HINT_ID = 'deal-move-hint'

/** What moving a deal takes: the same intent=move post as a card's Move form. */
type MoveTo = ((dealId: string, stage: DealStage, focusHandle?: boolean) => void) | null

/**
 * The stages side by side. Once the app runs, a card drags to another stage, and its grip moves
 * it a stage left or right with the arrow keys; each posts the card's Move form's intent=move.
 */
function Board({ columns, moveError, followOns }: { columns: BoardColumn[]; moveError?: { dealId: string; error: string }; followOns: Record<string, DealFollowOn> }) {
  const hydrated = useHydrated()
  const submit = useSubmit()
  const focusAfterMove = useFocusAfterMove()
  const moveTo: MoveTo = hydrated
    ? (dealId, stage, focusHandle = false) => {
        if (focusHandle) focusAfterMove(dragHandleId(dealId))
        void submit({ intent: 'move', dealId, stage }, { method: 'post', preventScrollReset: true })
      }
    : null
  return (
    <>
      {hydrated ? (
        <p id={MOVE_HINT_ID} className="mb-3 text-sm text-muted">
          Drag a deal to another stage, or focus its grip and press the left or right arrow key.
        </p>
      ) : null}
      {/* Three columns at most: six at 1280 px left each card 125 px, too narrow for the stage select. */}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {columns.map((column) => (
          <StageColumn key={column.stage} column={column} moveError={moveError} moveTo={moveTo} followOns={followOns} />
        ))}
      </div>
    </>
  )
}

const dragHandleId = (dealId: string) => `deal-grip-${dealId}`

/** "Open pipeline: €750,000 · expected commission €22,500"; the commission only when there is some. */
function BoardTotal({ label, commissionLabel, total, testId }: { label: string; commissionLabel: string; total: StagesTotal; testId: string }) {
  const { numbers } = useFormats()
  const hasCommission = total.commission.some((c) => c.gross > 0)
  return (
    <p data-testid={testId}>
      {`${label}: `}
      <strong className="text-ink">{formatCurrencyTotals(total.value, numbers)}</strong>
      {hasCommission ? (
        <>
          {` · ${commissionLabel} `}
          <strong className="text-ink">{formatCommissionTotals(total.commission, numbers)}</strong>
        </>
      ) : null}
    </p>
  )
}

function StageColumn({
  column,
  moveError,
  moveTo,
  followOns,
}: {
  column: BoardColumn
  moveError?: { dealId: string; error: string }
  moveTo: MoveTo
  followOns: Record<string, DealFollowOn>
}) {
  const headingId = `stage-${column.stage}-title`
  const { numbers } = useFormats()
  const drop = useDropTarget(DEAL_DRAG_TYPE, (dealId) => moveTo?.(dealId, column.stage))
  return (
    <section
      aria-labelledby={headingId}
      data-stage={column.stage}
      {...(moveTo ? drop.props : {})}
      className={`rounded-xl border bg-canvas p-3 ${drop.over ? 'border-brand ring-2 ring-brand' : 'border-line'}`}
    >
      <h2 id={headingId} className="font-semibold">
        {dealStageLabel(column.stage)} <span className="text-sm font-normal text-muted">{`(${column.count})`}</span>
      </h2>
      <p className="mb-3 text-sm text-muted" data-testid={`total-${column.stage}`}>
        {formatCurrencyTotals(column.totals, numbers)}
      </p>
      <p className="-mt-2 mb-3 text-xs text-muted" data-testid={`commission-${column.stage}`}>
        {`Commission: ${formatCommissionTotals(column.commission, numbers)}`}
      </p>
      {column.deals.length === 0 ? (
        <p className="text-sm text-muted">No deals here.</p>
      ) : (
        <ul className="space-y-3">
          {column.deals.map((deal) => (
            <li key={deal.id}>
              <DealCard deal={deal} error={moveError?.dealId === deal.id ? moveError.error : null} moveTo={moveTo} followOn={followOns[deal.id]} />
            </li>
          ))}
        </ul>
      )}
      {column.count > column.deals.length ? (
        <p className="mt-3 text-xs text-muted">{`Showing the ${column.deals.length} most recently updated of ${column.count} deals; totals count them all.`}</p>
      ) : null}
    </section>
  )
}

/** The stage before or after this one, or null at either end. */
function neighbourStage(stage: DealStage, step: -1 | 1): DealStage | null {
  return DEAL_STAGES[DEAL_STAGES.indexOf(stage) + step] ?? null
}

function DealCard({ deal, error, moveTo, followOn }: { deal: BoardDeal; error: string | null; moveTo: MoveTo; followOn?: DealFollowOn }) {
  const { numbers, clock } = useFormats()
  const stepTo = (step: -1 | 1) => () => {
    const stage = neighbourStage(deal.stage, step)
    if (stage && moveTo) moveTo(deal.id, stage, true)
  }
  return (
    <article
      className="rounded-lg border border-line bg-surface p-3 text-sm"
      data-deal-id={deal.id}
      {...(moveTo ? dragSourceProps(DEAL_DRAG_TYPE, deal.id) : {})}
    >
      <div className="flex items-start justify-between gap-2">
        <h3 className="min-w-0 font-medium">
          <Link to={`/deal/${deal.id}`}>{deal.title}</Link>
        </h3>
        {moveTo ? (
          <DragHandle
            id={dragHandleId(deal.id)}
            label={`Drag ${deal.title}`}
            hintId={MOVE_HINT_ID}
            keys={{ ArrowLeft: stepTo(-1), ArrowRight: stepTo(1) }}
          />
        ) : null}
      </div>
      {/* Lines of 24 px: two short links one above the other keep WCAG 2.5.8's spacing (axe's target-size). */}
      <p className="leading-6 text-muted">
        <Link to={`/client/${deal.clientId}`}>{deal.clientName}</Link>
      </p>
      {deal.propertyId && deal.propertyTitle ? (
        <p className="leading-6 text-muted">
          <Link to={`/property/${deal.propertyId}`}>{deal.propertyTitle}</Link>
        </p>
      ) : null}
      <p className="mt-1">{formatDealValue(deal.value, deal.currency, numbers)}</p>
      {deal.expectedCloseDate ? <p className="text-xs text-muted">{`Expected close: ${formatCalendarDay(deal.expectedCloseDate, clock)}`}</p> : null}
      <MoveDealForm dealId={deal.id} stage={deal.stage} error={error} followOn={followOn} />
    </article>
  )
}
