import { NavLink, Outlet, redirect, useRouteLoaderData } from 'react-router'
import { readForm } from '#app/http/form-body.server.ts'
import { badRequest } from '#app/lib/http.ts'
import { UNKNOWN_INTENT_MESSAGE } from '#app/http/intent.server.ts'
import { PROFILE_INTENT_SECTIONS, profileSectionPath, profileSectionsFor } from '#app/modules/navigation/profile-sections.ts'
import { LogoutButton, type ShellBroker } from '#app/ui/app-nav.tsx'
import type { Route } from './+types/layout'

/**
 * POST /profile: forms of the one-page profile posted here with an intent. The section that
 * answers it now gets the same POST again (307 keeps the method and the body), so an old page
 * or a bookmarked form still does what it says, with its errors shown beside its fields.
 */
export async function action({ request }: Route.ActionArgs) {
  const url = new URL(request.url)
  // The avatar's file: not read here (its limits are the account section's).
  if (url.searchParams.get('upload') === 'avatar') throw redirect(`${profileSectionPath('account')}?upload=avatar`, 307)
  const intent = (await readForm(request)).get('intent')
  const section = typeof intent === 'string' ? PROFILE_INTENT_SECTIONS[intent] : undefined
  if (!section) badRequest(UNKNOWN_INTENT_MESSAGE)
  throw redirect(profileSectionPath(section), 307)
}

/** The sections' links above each section; each section has its own heading (h1). */
export default function ProfileLayout() {
  // The app layout's broker says whether Billing is theirs (the agency's owner's).
  const shell = useRouteLoaderData('routes/app/layout') as { broker: ShellBroker } | undefined
  const sections = profileSectionsFor(shell?.broker.managesBilling !== false)
  return (
    <>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 border-b border-line pb-3">
        <nav aria-label="Profile sections" className="-mx-1 flex flex-wrap gap-1 text-sm">
          <NavLink to="/profile" end className={sectionLinkClass}>
            Profile
          </NavLink>
          {sections.map((section) => (
            <NavLink key={section.slug} to={profileSectionPath(section.slug)} className={sectionLinkClass}>
              {section.title}
            </NavLink>
          ))}
        </nav>
        <LogoutButton />
      </div>
      <Outlet />
    </>
  )
}

const sectionLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-1.5 no-underline ${isActive ? 'bg-brand-soft font-semibold text-brand' : 'text-muted hover:text-ink'}`
