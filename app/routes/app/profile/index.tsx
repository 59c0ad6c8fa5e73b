import { Link } from 'react-router'
import { requireAuth } from '#app/http/session.server.ts'
import { profileSectionPath, profileSectionsFor } from '#app/modules/navigation/profile-sections.ts'
import { avatarUrl } from '#app/modules/media/avatar.ts'
import { Avatar } from '#app/ui/avatar.tsx'
import { PageHeader } from '#app/ui/page.tsx'
import type { Route } from './+types/index'

export const meta: Route.MetaFunction = () => [{ title: 'Profile · BrokerVault' }]

/** Who is signed in (from the session: no query), and the sections. */
export function loader({ context }: Route.LoaderArgs) {
  const { user, scope } = requireAuth(context)
  return { name: user.fullName, email: user.email, avatar: user.avatarId ? avatarUrl(user.avatarId, 256) : null, managesBilling: scope.role === 'owner' }
}

/** /profile: the entry, an index of the sections (on a phone, the menu of the profile). */
export default function ProfileIndex({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Profile" />
      <div className="mb-6 flex items-center gap-4">
        <Avatar name={d.name} src={d.avatar} size={64} />
        <div className="min-w-0">
          <p className="font-semibold">{d.name}</p>
          <p className="text-sm text-muted">{`Signed in as ${d.email}`}</p>
        </div>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2">
        {profileSectionsFor(d.managesBilling).map((section) => (
          <li key={section.slug}>
            <Link
              to={profileSectionPath(section.slug)}
              className="block h-full rounded-xl border border-line bg-surface p-4 no-underline hover:border-brand"
            >
              <span className="block font-semibold text-ink">{section.title}</span>
              <span className="mt-1 block text-sm text-muted">{section.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  )
}
