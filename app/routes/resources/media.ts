import { getAuth } from '#app/http/session.server.ts'
import { photoFileResponse } from '#app/http/photo-files.server.ts'
import type { Route } from './+types/media'

/**
 * GET /media/{photoId}/{thumb|medium|large|original}, and the tagged address of one sized file,
 * /media/{photoId}/{thumb|medium|large}/{tag}.webp (public and immutable while the photo is
 * open to anyone): 404 for anything the viewer may not see (app/http/photo-files.server.ts).
 */
export function loader({ request, params, context }: Route.LoaderArgs) {
  const auth = getAuth(context)
  return photoFileResponse(request, auth ? { brokerId: auth.user.id, agencyId: auth.scope.agencyId } : null, {
    photoId: params.photoId,
    variant: params.variant,
    fileName: params.file,
  })
}
