import { Link } from 'react-router'

/** Shown instead of the new-property form when the plan is full (nothing is written). */
export function PlanLimitNotice({ usage }: { usage: { countText: string; limit: number } }) {
  return (
    <div role="alert" className="rounded-xl border border-line bg-warning-soft p-5">
      <h2 className="font-semibold">Your plan is full</h2>
      <p className="mt-1">
        {`You have ${usage.countText} of ${usage.limit} properties your plan allows.`} Choose a bigger plan to add more; your
        existing properties stay as they are.
      </p>
      <p className="mt-3">
        <Link to="/pricing" className="font-medium">
          See plans on the pricing page
        </Link>
      </p>
    </div>
  )
}
